// Shared by player.test.mjs and a11y.test.mjs: the browser, sign-up through the API, polling,
// screenshots and the two window sizes of issue 30 (a laptop and a phone).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const BASE = (process.env.LECTIO_URL || '').replace(/\/$/, '');
export const SHOTS = process.env.LECTIO_SCREENSHOTS || path.resolve('screenshots');
export const LESSON = `/lessons/${process.env.LECTIO_LESSON || 'gpu_vs_tpu_how_to_choose'}`;
export const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
if (!BASE) throw new Error('LECTIO_URL is not set (run the test through its run script)');
mkdirSync(SHOTS, { recursive: true });

export async function launch(contextOptions = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           '--autoplay-policy=no-user-gesture-required'],
  });
  const problems = [];  // console errors and page errors, with the page's URL
  // A context of its own (cookies, viewport) whose pages report their problems.
  async function newContext(options = {}) {
    const c = await browser.newContext({ locale: 'en-US', ...contextOptions, ...options });
    c.on('page', (p) => {
      p.on('console', (m) => { if (m.type() === 'error') problems.push(`${p.url()}: ${m.text()}`); });
      p.on('pageerror', (e) => problems.push(`${p.url()}: ${e.message}`));
    });
    return c;
  }
  const context = await newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return { browser, context, page, problems, newContext };
}

// A screenshot (of the viewport, or the full page), kept in $LECTIO_SCREENSHOTS as NAME.png.
// A picture is evidence for a reader, not an assertion: Chromium under load sometimes answers
// "Unable to capture screenshot"; it is tried again once and otherwise reported, not failed.
export async function shot(page, name, { fullPage = false } = {}) {
  const file = path.join(SHOTS, `${name}.png`);
  try {
    await page.screenshot({ path: file, fullPage });
  } catch (first) {
    await new Promise((r) => setTimeout(r, 500));
    try {
      await page.screenshot({ path: file, fullPage });
    } catch (again) {
      console.log(`# screenshot ${name} not taken: ${again.message.split('\n')[0]}`);
    }
  }
}

// Polls fn(arg) in the page until it returns a truthy value; fails naming `what` and the last value.
export async function until(page, what, fn, arg, timeout = 10000) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await page.evaluate(fn, arg);
    } catch (err) {  // the page navigated meanwhile: try again in the new document
      if (!/context was destroyed|navigat/i.test(err.message)) throw err;
      last = { error: err.message };
    }
    if (last && (typeof last !== 'object' || last.ok)) return last;
    if (Date.now() > end) {
      assert.fail(`timed out after ${timeout} ms waiting for ${what}; last: ${JSON.stringify(last)}`);
    }
    await page.waitForTimeout(50);
  }
}

// Calls the JSON API from the page (its cookies and CSRF token); resolves to {status, body}.
export function callApi(page, method, url, body) {
  return page.evaluate(async ([m, u, b]) => {
    const token = document.querySelector('meta[name="csrf-token"]').content;
    const init = { method: m, credentials: 'same-origin',
                   headers: { 'X-CSRF-Token': token, Accept: 'application/json' } };
    if (b !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(b);
    }
    const r = await fetch(u, init);
    return { status: r.status, body: await r.json().catch(() => ({})) };
  }, [method, url, body]);
}

// Signs a new user up (the page must be one of the site's); returns its name.
export async function signUp(page, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  if (!page.url().startsWith(BASE)) await page.goto(BASE + '/');
  const r = await callApi(page, 'POST', '/api/signup',
                          { name, password: 'correct horse battery', display_name: name });
  assert.equal(r.status, 201, `signing up ${name} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return name;
}
