/**
 * The one capture type of the evidence path: a capture file that passed its rules
 * (src/lib/content/capture-rules.ts), as everything above reads it: the readers and faces here, the
 * scenarios' judges, the cells, the pages and the lab's `draft`.
 */
import type { CaptureEvent, CaptureHeader } from '../../schema/capture.ts';

/** A valid capture: its header and its events, in order. */
export interface Capture {
  id: string;
  file: string;
  sha256: string;
  header: CaptureHeader;
  events: readonly CaptureEvent[];
}
