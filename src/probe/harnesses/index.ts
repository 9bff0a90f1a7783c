/** The library harnesses, one kit each (src/probe/harnesses/<library>.ts beside its program). */
import type { Kit } from '../kits/kit.ts';
import { pythonSdk } from './python-sdk.ts';

/** Every harness. */
export const harnesses: readonly Kit[] = [pythonSdk];
