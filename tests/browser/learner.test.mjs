// What a learner meets around lessons (issue 30, part B), in headless Chromium at a laptop's
// (1366×900) and a phone's (390×844) size: signing in to create and coming back, the create
// form (uploads confirmed and ticked, no source used unless chosen, a refused form kept, a
// language that differs from the sources' named), one length everywhere, plans to follow,
// list pages, search in what lessons say, sources with tables and citing lessons, covers.
// Run through learner_run.sh, which prepares the data directory and starts `lectio serve`.
//
// Environment: LECTIO_URL, LECTIO_SCREENSHOTS (folder kept as the run's artefacts), CHROMIUM.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BASE = (process.env.LECTIO_URL || '').replace(/\/$/, '');
const SHOTS = process.env.LECTIO_SCREENSHOTS || path.resolve('screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LESSON = '/lessons/gpu_vs_tpu_how_to_choose';
const PLAN_LESSON = '/lessons/the_gpu_memory_hierarchy';
if (!BASE) throw new Error('LECTIO_URL is not set (run tests/browser/learner_run.sh)');
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

let browser;
const problems = [];  // console errors, page errors and CSP violations

before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  if (browser) await browser.close();
  assert.deepEqual(problems, [], 'no console errors, page errors or CSP violations');
});

async function newPage(size) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height }, locale: 'en-US' });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  page.on('console', (msg) => {
    // A refused brief is answered 400 on purpose (the form again, with the reason).
    const refused = /\/create\/lesson$/.test(page.url()) && /status of 400/.test(msg.text());
    if (msg.type() === 'error' && !refused) problems.push(`${size.name} ${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`${size.name} ${page.url()}: ${err.message}`));
  return page;
}

async function shot(page, size, name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-${size.name}.png`), fullPage: true });
}

async function noHorizontalOverflow(page, what) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  assert.ok(scroll <= width, `${what}: the page is ${scroll} px wide in a ${width} px window`);
}

async function signUp(page, name) {
  await page.fill('#name', name);
  await page.fill('#password', 'correct horse battery');
  await Promise.all([page.waitForNavigation(), page.click('#signup-form button[type=submit]')]);
}

for (const size of SIZES) {
  describe(`a learner at ${size.width}×${size.height}`, { concurrency: false }, () => {
    let page;
    before(async () => { page = await newPage(size); });
    after(async () => { await page.context().close(); });

    it('home invites making a lesson; signed out, /create leads to sign-in and back', async () => {
      await page.goto(BASE + '/');
      const invite = page.locator('#make-invite a');
      assert.equal(await invite.getAttribute('href'), '/create');
      await shot(page, size, 'home');
      await noHorizontalOverflow(page, 'home');
      await Promise.all([page.waitForNavigation(), invite.click()]);
      const url = new URL(page.url());
      assert.equal(url.pathname, '/signin');
      assert.equal(url.searchParams.get('next'), '/create');
      assert.doesNotMatch(await page.locator('main').textContent(), /Something went wrong/);
      // "Sign up" from the sign-in page keeps the return address too.
      await Promise.all([page.waitForNavigation(),
                         page.locator('main a[href^="/signup"]').click()]);
      await signUp(page, `learner_${size.name}`);
      assert.equal(new URL(page.url()).pathname, '/create');
    });

    it('confirms an upload, ticks only it, and keeps a refused brief beside its reason', async () => {
      await page.setInputFiles('#files', {
        name: 'sourdough.md', mimeType: 'text/markdown',
        buffer: Buffer.from('# Sourdough\n\nA sourdough starter is flour and water in which wild ' +
          'yeasts live. Feeding it daily keeps the yeasts active and the bread light.\n'),
      });
      await Promise.all([page.waitForNavigation(), page.click('#upload-form button[type=submit]')]);
      assert.match(await page.locator('#upload-added').textContent(), /sourdough\.md/);
      const ticked = await page.locator('#sources input[type=checkbox]:checked').evaluateAll(
        (boxes) => boxes.map((b) => b.closest('label').textContent));
      assert.equal(ticked.length, 1, `ticked: ${ticked}`);
      assert.match(ticked[0], /sourdough\.md/);
      await shot(page, size, 'create-uploaded');
      await noHorizontalOverflow(page, 'create form');
      // Nothing ticked: refused, the reason beside the sources, what was typed still there.
      await page.locator('#sources input[type=checkbox]:checked').uncheck();
      await page.fill('#topic', 'Sourdough at home');
      await page.fill('#insights', 'What a starter is');
      await Promise.all([page.waitForNavigation(), page.click('#brief button[type=submit]')]);
      assert.match(await page.locator('#sources-error').textContent(), /sources/);
      assert.equal(await page.inputValue('#topic'), 'Sourdough at home');
      assert.equal(await page.inputValue('#insights'), 'What a starter is');
      await shot(page, size, 'create-refused');
    });

    it('says so when the lesson language differs from its sources', async () => {
      await page.goto(BASE + '/create');
      await page.locator('#sources label', { hasText: 'gpu_tpu_lesson_notes.md' })
        .locator('input').check();
      await page.fill('#topic', 'GPU 与 TPU');
      await page.fill('#insights', '为什么 GPU 成为默认的加速器');
      await page.selectOption('select[name=language]', 'zh');
      await Promise.all([page.waitForNavigation(), page.click('#brief button[type=submit]')]);
      const error = await page.locator('#create-error').textContent();
      assert.match(error, /field 'language'/);
      assert.match(error, /gpu_tpu_lesson_notes\.md/);
      assert.equal(await page.inputValue('select[name=language]'), 'zh');
      assert.equal(await page.inputValue('#insights'), '为什么 GPU 成为默认的加速器');
      await shot(page, size, 'create-language');
    });

    it('states one length on the card, the lesson page, the player and the description', async () => {
      await page.goto(BASE + '/');
      const card = page.locator('li.lesson-card', { has: page.locator(`a[href="${LESSON}"]`) });
      const cardLength = (await card.locator('.meta').textContent()).split(' · ')[0].trim();
      await page.goto(BASE + LESSON);
      const pageLength = (await page.locator('header .duration').textContent()).trim();
      const player = await page.evaluate(() => new Promise((resolve) => {
        const audio = document.getElementById('audio');
        const done = () => {
          const s = Math.floor(audio.duration);
          resolve(`${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);
        };
        if (audio.readyState >= 1) done(); else audio.addEventListener('loadedmetadata', done);
      }));
      const description = await page.locator('.lesson-head').textContent();
      assert.match(cardLength, /^\d+:\d\d$/);
      assert.equal(pageLength, cardLength);
      assert.equal(player, cardLength, 'the player shows the length the card states');
      assert.ok(description.includes(`In ${cardLength},`), `description: ${description}`);
      assert.doesNotMatch(description, /In about \d+ minutes/);
    });

    it('links a lesson to its plan and to the lessons before and after it', async () => {
      await page.goto(BASE + LESSON);
      await Promise.all([page.waitForNavigation(), page.click('#lesson-plan')]);
      assert.equal(new URL(page.url()).pathname, '/plans/ai_hardware_fundamentals');
      assert.equal(await page.locator('article.plan h1').textContent(), 'AI hardware fundamentals');
      await page.goto(BASE + PLAN_LESSON);
      assert.match(await page.locator('.lesson-head .eyebrow').textContent(), /Lesson 3\/8/);
      const next = page.locator('#plan-nav a[rel=next]');
      const prev = page.locator('#plan-nav a[rel=prev]');
      assert.equal(await prev.getAttribute('href'), '/lessons/streaming_multiprocessors_and_latency_hiding');
      await noHorizontalOverflow(page, 'plan lesson');
      await shot(page, size, 'plan-lesson');
      await Promise.all([page.waitForNavigation(), next.click()]);
      assert.equal(new URL(page.url()).pathname, '/lessons/tensor_cores_and_number_formats');
      // Its plan is offered, not "no related plans".
      assert.doesNotMatch(await page.locator('section.related').textContent(), /No related/);
    });

    it('lists lessons, plans and sources a page at a time', async () => {
      for (const [list, count] of [['/lessons', 9], ['/plans', 2], ['/sources', 8]]) {
        const res = await page.goto(BASE + list);
        assert.equal(res.status(), 200, list);
        assert.match(await page.locator('#list-range').textContent(), /20 a page/);
        const items = await page.locator('main .cards > li, main .source-list > li').count();
        assert.ok(items >= count, `${list}: ${items} items`);
        await noHorizontalOverflow(page, list);
      }
      await shot(page, size, 'list-sources');
      // The home page's recent lessons keep the plan's own order.
      await page.goto(BASE + '/');
      const recent = await page.locator('section[aria-label="Recent lessons"] li.lesson-card h3')
        .allTextContents();
      const first = recent.indexOf('Threads, Warps and SIMT');
      const later = recent.indexOf('What AI Compute Costs');
      assert.ok(first >= 0 && later > first, `recent lessons: ${recent.join(' | ')}`);
    });

    it('finds a lesson by what it says', async () => {
      await page.goto(BASE + '/?q=systolic');
      const found = await page.locator('.results .cards a').evaluateAll(
        (links) => links.map((a) => a.getAttribute('href')));
      assert.ok(found.includes(LESSON), `found: ${found}`);
    });

    it('shows a source table as a table and the lessons that cite it', async () => {
      await page.goto(BASE + '/sources/file_gpu001');
      const heads = await page.locator('.chunk-text table th').allTextContents();
      assert.deepEqual(heads.slice(0, 3), ['Factor', 'Leans toward GPU', 'Leans toward TPU']);
      assert.doesNotMatch(await page.locator('main').textContent(), /Factor; Leans/);
      const citing = await page.locator('#citing a').evaluateAll(
        (links) => links.map((a) => a.getAttribute('href')));
      assert.ok(citing.includes(LESSON), `citing: ${citing}`);
      await noHorizontalOverflow(page, 'source page');
      await shot(page, size, 'source');
      // The lesson's sources: one group per source, its origin once.
      await page.goto(BASE + LESSON);
      assert.equal(await page.locator('#sources a.origin').count(), 1);
      assert.ok(await page.locator('#sources li[id^="source-"]').count() > 1);
    });

    it('draws covers for lessons and plans', async () => {
      await page.goto(BASE + '/');
      const srcs = await page.locator('img.cover').evaluateAll(
        (imgs) => imgs.map((img) => img.getAttribute('src')));
      assert.ok(srcs.length >= 9, `${srcs.length} covers`);
      for (const src of srcs) {
        assert.match(src, /^\/covers\/(lessons|plans)\/[^/]+\.svg$/);
        const res = await page.request.get(BASE + src);
        assert.equal(res.status(), 200, src);
        assert.equal(res.headers()['content-type'], 'image/svg+xml', src);
      }
      // The first card's cover is drawn (it is in view, so not left for later by lazy loading).
      const first = page.locator('img.cover').first();
      await first.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => {
        const img = document.querySelector('img.cover');
        return img.complete && img.naturalWidth > 0;
      });
      await shot(page, size, 'covers');
    });
  });
}
