/** The dashboards' charts in a browser test. */
import type { Page } from 'playwright-core';

/**
 * The chart's canvas has been drawn on (some pixel is not transparent). A chart is drawn when it
 * comes near the screen, so it is scrolled into view first.
 */
export const drawn = async (page: Page, testId: string) => {
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  return page.evaluate((id) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}"] canvas`);
    if (!canvas || canvas.width === 0) return false;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  }, testId);
};
