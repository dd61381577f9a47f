/**
 * The Lighthouse performance score (mobile preset: a mid-range phone, slow 4G and 4x CPU, simulated)
 * of one address, with the `lighthouse` npm package driving the system Chromium. Only the performance
 * category runs, so nothing reaches past the local server. Runs `runs` times and keeps the median.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LighthouseResult {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

export async function lighthouseScore(url: string, runs = 3): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags });
  try {
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
    }
  } finally {
    chrome.kill();
  }
  return results.sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)]!;
}
