// The lesson editor in headless Chromium (issue 32): a creator makes a lesson with audio,
// opens Edit from the lesson page, sees an invented sentence flagged with the reason (and
// nothing saved), saves a supported edit as version 2 and gets the new audio served.
// Run through edit_run.sh, which adds the example notes and starts `lectio serve`.
// Environment: LECTIO_URL, LECTIO_SCREENSHOTS, CHROMIUM.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BASE = (process.env.LECTIO_URL || '').replace(/\/$/, '');
const SHOTS = process.env.LECTIO_SCREENSHOTS || path.resolve('screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
if (!BASE) throw new Error('LECTIO_URL is not set (run tests/browser/edit_run.sh)');
mkdirSync(SHOTS, { recursive: true });

let browser;
let page;
let lessonId;
const problems = [];

before(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });
  page = await (await browser.newContext()).newPage();
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
});

after(async () => {
  if (browser) await browser.close();
});

let feedBefore;

// The lessons feed's item for a lesson: how many items carry its guid, and its enclosure.
async function feedItem(id) {
  const xml = await (await page.request.get(`${BASE}/feeds/lessons.xml`)).text();
  const items = xml.split('<item>').slice(1).filter((i) => i.includes(`<guid isPermaLink="false">${id}</guid>`));
  assert.equal(items.length, 1, `the feed has ${items.length} items with guid ${id}`);
  const enclosure = items[0].match(/<enclosure url="([^"]+)" length="(\d+)"/);
  assert.ok(enclosure, 'no enclosure');
  return { url: enclosure[1], length: Number(enclosure[2]) };
}

const api = (method, url, body) => page.evaluate(
  ([m, u, b]) => window.lectio.api(m, u, b === null ? undefined : b), [method, url, body ?? null]);

describe('lesson editor', () => {
  it('lets a creator make a lesson with audio', async () => {
    await page.goto(`${BASE}/signup`);
    await page.fill('#name', `editor_${Date.now().toString(36)}`);
    await page.fill('#password', 'correct horse battery');
    await Promise.all([page.waitForNavigation(), page.locator('#signup-form button[type=submit]').click()]);
    const made = await api('POST', '/api/lessons', {
      topic: 'GPU vs TPU for practical AI workloads',
      insights: ['Why GPUs became the default accelerator', 'Where TPUs are strongest',
                 'How to choose between them'],
      sources: ['file_gpu001'], host: 'Lena', minutes: 2, tags: ['AI'],
    });
    let job = made.job;
    for (let i = 0; i < 600 && job.state !== 'done'; i++) {
      assert.notEqual(job.state, 'failed', job.error);
      await new Promise((r) => setTimeout(r, 500));
      job = (await api('GET', `/api/jobs/${job.id}`)).job;
    }
    assert.equal(job.state, 'done');
    lessonId = job.lesson_id;
    const published = await api('POST', `/api/lessons/${lessonId}/publish`, { published: true });
    assert.equal(published.published, true);
    feedBefore = await feedItem(lessonId);
    assert.ok(feedBefore.length > 10000, `the feed's enclosure is ${feedBefore.length} bytes`);
  });

  it('flags an unsupported edit inline and saves nothing', async () => {
    await page.goto(`${BASE}/lessons/${lessonId}`);
    await Promise.all([page.waitForNavigation(), page.locator('#edit-lesson').click()]);
    assert.match(new URL(page.url()).pathname, /\/edit$/);
    await page.locator('.edit-page.ready').waitFor();
    const cited = page.locator('.edit-sentence', { has: page.locator('.cites', { hasText: '[file_gpu001:' }) }).first();
    const where = await cited.getAttribute('data-where');
    await cited.locator('textarea').fill('The Zorblax Institute shipped 4096 of them in 1987.');
    await page.locator('#edit-save').click();
    const flagged = page.locator(`.edit-sentence.unsupported[data-where="${where}"]`);
    await flagged.waitFor();
    assert.match(await flagged.locator('.finding').textContent(), /Zorblax Institute/);
    assert.match(await page.locator('#edit-status').textContent(), /nothing was saved/);
    await page.screenshot({ path: path.join(SHOTS, 'edit-flagged.png'), fullPage: true });
    const script = await api('GET', `/api/lessons/${lessonId}/script`);
    assert.equal(script.version, 1, 'an unsupported edit was stored');
  });

  it('saves a supported edit as a new version and serves its audio', async () => {
    await page.reload();
    await page.locator('.edit-page.ready').waitFor();
    const first = page.locator('.edit-sentence').first();
    await first.locator('textarea').fill('Hello there, welcome to this lesson.');
    await page.locator('#edit-save').click();
    await page.locator('#edit-status', { hasText: 'Saved as version 2' }).waitFor({ timeout: 120000 });
    assert.equal(await page.locator('#edit-version').textContent(), '2');
    const src = await page.locator('#edit-audio').getAttribute('src');
    assert.match(src, /\.mp3\?v=2$/);
    const mp3 = await page.request.get(`${BASE}${src}`);
    assert.equal(mp3.status(), 200);
    assert.match(mp3.headers()['content-type'], /audio\/mpeg/);
    assert.ok((await mp3.body()).length > 10000, 'no audio');
    const played = await page.evaluate(async () => {
      const a = document.getElementById('edit-audio');
      await a.play();
      await new Promise((r) => setTimeout(r, 1500));
      a.pause();
      return a.currentTime;
    });
    assert.ok(played > 0.5, `the new audio did not play (${played} s)`);
    // The feed keeps the episode (same guid) and announces the new file's length.
    const feedAfter = await feedItem(lessonId);
    const enclosure = await page.request.get(feedAfter.url.replace(/^https?:\/\/[^/]+/, BASE));
    assert.equal(feedAfter.length, (await enclosure.body()).length, 'the enclosure length is stale');
    assert.notEqual(feedAfter.length, feedBefore.length, 'the edit did not change the file');
    const vtt = await page.request.get(`${BASE}/media/${lessonId}.vtt`);
    assert.match(await vtt.text(), /Hello there, welcome to this lesson\./);
    await page.goto(`${BASE}/lessons/${lessonId}`);
    assert.match(await page.locator('#transcript').textContent(), /Hello there, welcome to this lesson\./);
    await page.screenshot({ path: path.join(SHOTS, 'edit-saved.png'), fullPage: true });
    assert.deepEqual(problems, []);
  });
});
