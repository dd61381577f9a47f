import type { Page } from '@playwright/test';

/** Screenshots for review when SHOTS names a folder (light, dark, and a 390 px phone). */
export async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  const mode = (m: string) =>
    page.evaluate((value) => {
      localStorage.setItem('colorMode', JSON.stringify(value));
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(value);
      document.documentElement.style.colorScheme = value;
    }, m);
  await mode('light');
  await page.screenshot({ path: `${dir}/${name}-light.png`, fullPage: true });
  await mode('dark');
  await page.screenshot({ path: `${dir}/${name}-dark.png`, fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390-dark.png`, fullPage: true });
  await mode('light');
  await page.screenshot({ path: `${dir}/${name}-390-light.png`, fullPage: true });
  await page.setViewportSize(size);
}
