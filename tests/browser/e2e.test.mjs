// End-to-end test of the lesson page in headless Chromium (playwright-core driving the system's
// Chromium). Run through run.sh, which prepares the data directory and starts `lectio serve`.
//
// Environment: LECTIO_URL (the server, e.g. http://127.0.0.1:PORT), LECTIO_SCREENSHOTS (folder),
// LECTIO_EXPECTED_SECONDS (the rendered audio's length), CHROMIUM (the browser binary).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { until as untilIn } from './lib.mjs';

const BASE = (process.env.LECTIO_URL || '').replace(/\/$/, '');
const SHOTS = process.env.LECTIO_SCREENSHOTS || path.resolve('screenshots');
const EXPECTED_SECONDS = Number(process.env.LECTIO_EXPECTED_SECONDS || 594);
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LESSON = '/lessons/gpu_vs_tpu_how_to_choose';
const TITLE = 'GPU vs TPU: How to Choose';
if (!BASE) throw new Error('LECTIO_URL is not set (run tests/browser/run.sh)');
mkdirSync(SHOTS, { recursive: true });

let browser;
let context;
let page;
const problems = [];  // console errors, page errors and CSP violations, with the page's URL

function watch(p) {
  p.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error on ${p.url()}: ${msg.text()}`);
  });
  p.on('pageerror', (err) => problems.push(`page error on ${p.url()}: ${err.message}`));
}

async function shot(name) {
  const file = path.join(SHOTS, `${name}.png`);
  // From the top: the player is sticky, and a full-page shot taken lower down would draw it
  // over the section in view.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

// Polls fn(arg) in the test's page until it returns a truthy value (lib.mjs's until).
const until = (what, fn, arg, timeout) => untilIn(page, what, fn, arg, timeout);

// The WebVTT cues of the player's track: [{start, end, text}] (one per transcript sentence).
async function trackCues() {
  return until('the WebVTT track to load its cues', () => {
    const track = document.getElementById('audio').textTracks[0];
    if (!track || !track.cues || track.cues.length === 0) return null;
    return { ok: true, cues: Array.from(track.cues).map((c) => ({
      start: c.startTime, end: c.endTime, text: c.text.replace(/<[^>]*>/g, '') })) };
  }).then((r) => r.cues);
}

const cueState = (i) => page.evaluate((n) => {
  const audio = document.getElementById('audio');
  const cue = document.querySelector(`span.cue[data-index="${n}"]`);
  return { time: audio.currentTime, paused: audio.paused,
           current: Array.from(document.querySelectorAll('span.cue.current'))
             .map((c) => Number(c.dataset.index)),
           has: cue ? cue.classList.contains('current') : null };
}, i);

before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           '--autoplay-policy=no-user-gesture-required'],
  });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  context.on('page', watch);
  // Chromium logs CSP violations as console errors too; this names the directive and resource.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
  page = await context.newPage();
  page.setDefaultTimeout(15000);
});

after(async () => {
  if (browser) await browser.close();
});

describe('lectio web app in Chromium', { concurrency: false }, () => {
  it('shows the lesson page: title, transcript, knowledge sources', async () => {
    const res = await page.goto(BASE + LESSON);
    assert.equal(res.status(), 200, `GET ${LESSON} answered ${res.status()}`);
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.equal((await page.locator('article.lesson h1').textContent()).trim(), TITLE);
    assert.match(await page.title(), new RegExp(`^${TITLE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const cues = await page.locator('#transcript span.cue').count();
    assert.ok(cues > 20, `expected a transcript of more than 20 sentences, found ${cues}`);
    assert.equal(await page.locator('button.chapter').count(), 5, 'expected 5 chapter buttons');
    assert.equal((await page.locator('#sources h2').textContent()).replace(/\s*\(.*$/, '').trim(),
                 'Knowledge sources');
    const links = await page.locator('#sources li a.chunk-link').evaluateAll(
      (as) => as.map((a) => a.getAttribute('href')));
    assert.ok(links.length > 0, 'no knowledge sources listed');
    for (const href of links) {
      assert.match(href, /^\/sources\/file_gpu001\?v=1#c\d{4}$/, `unexpected source link ${href}`);
    }
    const origin = await page.locator('#sources a.origin').first().getAttribute('href');
    assert.equal(origin, 'https://example.com/gpu-tpu-notes');
    await shot('1-lesson');
  });

  it('plays, seeks from the transcript and chapters, and follows the audio', async () => {
    const meta = await until('the audio metadata', () => {
      const a = document.getElementById('audio');
      return a.readyState >= 1 && Number.isFinite(a.duration) && { ok: true, duration: a.duration };
    }, undefined, 15000);
    assert.ok(Math.abs(meta.duration - EXPECTED_SECONDS) < 1.0,
              `audio duration ${meta.duration} s, expected ≈ ${EXPECTED_SECONDS} s`);

    const cues = await trackCues();
    const last = cues[cues.length - 1].end;
    assert.ok(last <= meta.duration + 0.5 && last > meta.duration - 10,
              `the last WebVTT cue ends at ${last} s, the audio lasts ${meta.duration} s`);
    const spans = await page.locator('#transcript span.cue').count();
    assert.equal(cues.length, spans, `${cues.length} WebVTT cues for ${spans} transcript sentences`);
    await until('lesson.js to read the track (body[data-transcript=ready])',
                () => document.body.dataset.transcript === 'ready');
    await page.evaluate(() => {
      window.__seeks = [];
      const a = document.getElementById('audio');
      a.addEventListener('seeked', () => window.__seeks.push(a.currentTime));
    });

    // Play.
    await page.evaluate(() => document.getElementById('audio').play());
    const t0 = await page.evaluate(() => document.getElementById('audio').currentTime);
    await until('the audio to play (currentTime advancing)',
                (t) => { const a = document.getElementById('audio'); return !a.paused && a.currentTime > t + 0.2; },
                t0);

    // Click a sentence (one at least 2 s long, so the highlight can be seen before it moves on).
    const n = cues.findIndex((c, i) => i >= 8 && c.end - c.start >= 2);
    assert.ok(n >= 0, 'no transcript sentence of 2 s or more');
    const spanText = (await page.locator(`span.cue[data-index="${n}"]`).textContent())
      .replace(/\[\d+\]/g, '').replace(/\s+/g, ' ').trim();
    assert.ok(spanText.includes(cues[n].text.replace(/\s+/g, ' ').trim()),
              `sentence ${n} reads "${spanText}" but its WebVTT cue reads "${cues[n].text}"`);
    await page.evaluate(() => { window.__seeks = []; });
    await page.locator(`span.cue[data-index="${n}"]`).click();
    await until(`a seek to sentence ${n} (start ${cues[n].start} s)`,
                (s) => window.__seeks.some((t) => t >= s - 0.001 && t < s + 0.3), cues[n].start);
    await until(`span.cue[data-index=${n}] to be highlighted`,
                (i) => document.querySelector(`span.cue[data-index="${i}"]`).classList.contains('current'), n);
    const after1 = await cueState(n);
    assert.ok(after1.time >= cues[n].start && after1.time < cues[n].end + 0.5,
              `currentTime ${after1.time} outside sentence ${n} [${cues[n].start}, ${cues[n].end}]`);
    assert.deepEqual(after1.current, [n], 'exactly one sentence should be highlighted');

    // Move the audio to the middle of a sentence far down: the highlight and the transcript follow.
    await page.evaluate(() => document.getElementById('audio').pause());
    const m = Math.floor(cues.length * 0.75);
    const mid = (cues[m].start + cues[m].end) / 2;
    await page.evaluate((t) => { document.getElementById('audio').currentTime = t; }, mid);
    await until(`the highlight to follow to sentence ${m}`, (i) => {
      const on = Array.from(document.querySelectorAll('span.cue.current')).map((c) => Number(c.dataset.index));
      return on.length === 1 && on[0] === i;
    }, m);
    await until(`the transcript to scroll sentence ${m} into view`, (i) => {
      const box = document.getElementById('transcript').getBoundingClientRect();
      const r = document.querySelector(`span.cue[data-index="${i}"]`).getBoundingClientRect();
      return r.top >= box.top && r.bottom <= box.bottom;
    }, m);

    // A chapter: the audio goes to the first sentence of that section.
    const first = await page.evaluate(
      () => Number(document.querySelector('.script-section[data-section="2"] .cue').dataset.index));
    await page.evaluate(() => { window.__seeks = []; });
    await page.locator('button.chapter[data-section="2"]').click();
    await until(`a seek to the first sentence of section 2 (sentence ${first}, ${cues[first].start} s)`,
                (s) => window.__seeks.some((t) => t >= s - 0.001 && t < s + 0.3), cues[first].start);
    await until('the chapter button and its first sentence to be current', (i) =>
      document.querySelector('button.chapter[data-section="2"]').classList.contains('current') &&
      document.querySelector(`span.cue[data-index="${i}"]`).classList.contains('current'), first);
    const after2 = await cueState(first);
    assert.equal(after2.paused, false, 'a chapter click should play');

    // Speed.
    await page.selectOption('#speed', '1.5');
    assert.equal(await page.evaluate(() => document.getElementById('audio').playbackRate), 1.5);
    await page.evaluate(() => document.getElementById('audio').pause());
  });

  it('answers a question with citations, and declines one the sources do not cover', async () => {
    await page.fill('#question', 'What is a systolic array?');
    await page.locator('#ask-form button[type=submit]').click();
    await page.locator('#answer .answer-body').waitFor();
    assert.equal((await page.locator('#answer .answer-question').textContent()).trim(),
                 'What is a systolic array?');
    assert.equal(await page.locator('#answer .unsupported').count(), 0, 'the question was declined');
    const text = (await page.locator('#answer .answer-body > p:not(.answer-question)').textContent()).trim();
    assert.match(text, /systolic/i, `the answer does not mention systolic arrays: ${text}`);
    const cites = await page.locator('#answer a.cite').allTextContents();
    assert.ok(cites.includes('[1]'), `no [1] citation in the answer (citations: ${cites.join(' ')})`);
    const hrefs = await page.locator('#answer .answer-sources li a').evaluateAll(
      (as) => as.map((a) => a.getAttribute('href')));
    const href = hrefs.find((h) => /^\/sources\/file_gpu001\?v=1#c\d{4}$/.test(h));
    assert.ok(href, `no source entry links to /sources/file_gpu001?v=1#c000N: ${hrefs.join(' ')}`);
    await shot('2-answer');

    await page.locator(`#answer .answer-sources a[href="${href}"]`).click();
    await page.waitForURL((u) => u.pathname === '/sources/file_gpu001');
    const anchor = href.split('#')[1];
    assert.equal(await page.locator(`li.chunk#${anchor}`).count(), 1, `no chunk element #${anchor}`);
    assert.ok((await page.locator(`li.chunk#${anchor} .chunk-text`).textContent()).trim().length > 0);

    await page.goto(BASE + LESSON);
    await page.fill('#question', 'What is the boiling point of mercury?');
    await page.locator('#ask-form button[type=submit]').click();
    await page.locator('#answer .answer-body').waitFor();
    assert.equal((await page.locator('#answer .unsupported').textContent()).trim(),
                 "The sources of this lesson don't say.");
    assert.equal(await page.locator('#answer a.cite').count(), 0);
  });

  it('switches to Chinese, keeps it on the next page load, and switches back', async () => {
    await page.goto(BASE + LESSON);
    await page.locator('#switch-zh').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    assert.equal(new URL(page.url()).pathname, LESSON, 'the switch should come back to the lesson');
    assert.equal((await page.locator('#sources h2').textContent()).replace(/\s*\(.*$/, '').trim(), '知识来源');
    assert.ok((await page.locator('header.site nav').textContent()).includes('发现'));
    assert.ok((await page.locator('#reviews h2').textContent()).includes('评分与评论'));
    await shot('3-lesson-zh');
    const cookies = await context.cookies(BASE);
    const described = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    assert.ok(cookies.some((c) => c.value === 'zh'), `no cookie holds the language: ${described}`);

    await page.goto(BASE + LESSON);  // a fresh load, no query string: the cookie decides
    assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN',
                 `the choice did not persist on the next load (the browser sends: ${described})`);
    assert.equal((await page.locator('#sources h2').textContent()).replace(/\s*\(.*$/, '').trim(), '知识来源');

    await page.locator('#switch-en').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.goto(BASE + '/');
    assert.equal(await page.locator('html').getAttribute('lang'), 'en', 'English did not persist');
  });

  it('signs up, rates and reviews the lesson, and cannot like their own review', async () => {
    const name = `e2e_${Date.now().toString(36)}`;
    await page.goto(`${BASE}/signup?next=${encodeURIComponent(LESSON)}`);
    await page.fill('#name', name);
    await page.fill('#display_name', 'E2E Tester');
    await page.fill('#password', 'correct horse battery');
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/signup'),
      page.locator('#signup-form button[type=submit]').click(),
    ]);
    await page.waitForLoadState('load');
    if (new URL(page.url()).pathname !== LESSON) {
      const error = await page.locator('.error').allTextContents();
      assert.fail(`signing up did not come back to the lesson: POST /signup answered ${res.status()}, ` +
                  `now at ${page.url()}, error: ${error.join(' ') || '(none)'}; the browser sends ` +
                  `cookies ${(await context.cookies(BASE)).map((c) => c.name).join(', ')}`);
    }
    assert.ok(/E2E Tester|e2e_/.test(await page.locator('header.site a.me').textContent()),
              'the header does not show the signed-in user');

    const countText = async () => (await page.locator('#rating-count').count())
      ? Number((await page.locator('#rating-count').textContent()).trim()) : 0;
    const before = await countText();  // 0 on a fresh data directory
    await page.locator('#review-form input[name=rating][value="4"]').check();
    const review = `Clear comparison of systolic arrays and GPUs (${name}).`;
    await page.fill('#review-text', review);
    await page.locator('#review-form button[type=submit]').click();
    const outcome = await until('the review to appear (or an error)', (text) => {
      const error = document.querySelector('#review-form .error');
      if (error) return { ok: true, error: error.textContent };
      const shown = Array.from(document.querySelectorAll('#review-list li.review'))
        .some((li) => li.textContent.includes(text));
      return shown && document.readyState === 'complete' && { ok: true };
    }, review);
    assert.equal(outcome.error, undefined, `posting the review failed: ${outcome.error}`);
    const item = page.locator('#review-list li.review', { hasText: review });
    assert.equal(await countText(), before + 1, 'the rating count did not go up by one');
    if (before === 0) {
      assert.equal((await page.locator('#rating-average').textContent()).trim().replace(/\.0+$/, ''), '4');
    }
    assert.equal(await item.locator('.stars').getAttribute('aria-label'), '4 / 5');

    // Nobody likes their own review: its like button is disabled (the server refuses it too,
    // web.hostile_accounts NobodyLikesTheirOwnReview), and the count stays 0 after a reload.
    const like = item.locator('button.like');
    assert.equal((await like.locator('.likes').textContent()).trim(), '0');
    assert.ok(await like.isDisabled(), 'the like button of your own review is enabled');
    await page.reload();
    assert.equal((await item.locator('button.like .likes').textContent()).trim(), '0');
    await shot('4-review');
  });

  it('logged no console errors, page errors or CSP violations', () => {
    assert.deepEqual(problems, [], `problems in the browser:\n  ${problems.join('\n  ')}`);
  });
});
