/**
 * Lighthouse on `/search?q=handshake` of the site built from its own content: the performance
 * score and the cumulative layout shift, with Lighthouse's mobile settings (its default: a slow
 * phone on 4G, simulated) and its desktop ones. Each is run a few times in a fresh headless
 * Chromium (the one the browser tests use) and the median kept: one run's score moves with the
 * machine's load.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { CHROMIUM_FLAGS, resolveChromium } from '../tests/support/browser.ts';
import { serveDist } from '../tests/support/site.ts';

export const LIGHTHOUSE_PATH = '/search?q=handshake';

export interface LighthouseRun {
  /** 0–100, as Lighthouse shows it. */
  performance: number;
  cumulativeLayoutShift: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
}

export interface LighthouseMeasurement {
  path: string;
  lighthouseVersion: string;
  mobile: LighthouseRun[];
  desktop: LighthouseRun[];
}

const numeric = (audits: Record<string, { numericValue?: number }>, id: string): number => {
  const value = audits[id]?.numericValue;
  if (value === undefined) throw new Error(`lighthouse: no value for ${id}`);
  return value;
};

/** Runs Lighthouse `runs` times per form factor on the built site in `dist`. */
export const measureLighthouse = async (dist: string, runs: number): Promise<LighthouseMeasurement> => {
  const { executablePath, env } = await resolveChromium();
  const site = await serveDist(dist);
  const url = `${site.url}${LIGHTHOUSE_PATH}`;
  const measured: LighthouseMeasurement = { path: LIGHTHOUSE_PATH, lighthouseVersion: '', mobile: [], desktop: [] };
  try {
    for (let run = 0; run < runs; run++) {
      for (const [formFactor, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ] as const satisfies readonly (readonly [string, Config | undefined])[]) {
        // A fresh browser each time: nothing cached from the run before, as for a first visit.
        const chrome = await chromeLauncher.launch({
          chromePath: executablePath,
          chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
          ...(env ? { envVars: { ...(process.env as Record<string, string>), ...env } } : {}),
        });
        try {
          const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] }, config);
          if (!result) throw new Error('lighthouse returned no result');
          const { lhr } = result;
          if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          const audits = lhr.audits as Record<string, { numericValue?: number }>;
          measured.lighthouseVersion = lhr.lighthouseVersion;
          measured[formFactor].push({
            performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
            cumulativeLayoutShift: numeric(audits, 'cumulative-layout-shift'),
            firstContentfulPaintMs: numeric(audits, 'first-contentful-paint'),
            largestContentfulPaintMs: numeric(audits, 'largest-contentful-paint'),
            totalBlockingTimeMs: numeric(audits, 'total-blocking-time'),
          });
        } finally {
          chrome.kill();
        }
      }
    }
  } finally {
    await site.close();
  }
  return measured;
};
