import type { FullConfig } from '@playwright/test';
import { claimAdminSeat } from './admin-seat';

/** The shared server's admin seat is taken before any test runs (the web server is up by then). */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
  await claimAdminSeat(baseURL);
}
