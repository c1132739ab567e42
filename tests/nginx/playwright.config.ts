import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import e2e from '../../playwright.config';

/**
 * The smoke suite through nginx: the reference deployment (README, "Deploying") started by
 * scripts/nginx-smoke.mjs, which runs this configuration with NGINX_BASE_URL set. The browser and
 * its options are the end-to-end tests' (playwright.config.ts); there is no webServer here.
 */
const baseURL = process.env.NGINX_BASE_URL;
if (!baseURL) throw new Error('NGINX_BASE_URL is not set: run the suite with "node scripts/nginx-smoke.mjs" (it starts nginx and the API processes)');

export default defineConfig({
  testDir: '.',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: resolve('test-results/nginx.json') }]],
  outputDir: resolve('test-results/nginx'),
  timeout: 60_000,
  // a busy 2-core machine runs the browser, nginx, two API processes and PostgreSQL at once: waits on
  // conditions are generous (a message's submit was seen taking over 5 s there)
  expect: { timeout: 20_000 },
  use: { ...e2e.use, baseURL },
  projects: [
    { name: 'through-nginx', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }, testIgnore: /(failover|edge-release)\.spec\.ts/ },
    // then: releases switched by a publish and rollbacks, the edge stopped and started (the others compare pages with the build's files)
    { name: 'edge-release', testMatch: /edge-release\.spec\.ts/, dependencies: ['through-nginx'] },
    // last: it kills one of the two API processes
    { name: 'failover', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }, testMatch: /failover\.spec\.ts/, dependencies: ['edge-release'] },
  ],
});
