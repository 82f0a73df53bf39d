// Study tools in headless Chromium: an anonymous visitor answers a lesson's quiz; a learner
// signs up, takes the quiz (the score is kept) and reviews the lesson's cards with Again, Hard,
// Good and Easy until none is left, each rating scheduled by the server (FSRS).
// Run through study_run.sh, which makes a lesson without audio and starts `lectio serve`.
// Environment: LECTIO_URL, LECTIO_LESSON (its slug), LECTIO_SCREENSHOTS, CHROMIUM.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BASE = (process.env.LECTIO_URL || '').replace(/\/$/, '');
const LESSON = `/lessons/${process.env.LECTIO_LESSON || 'gpu_vs_tpu_how_to_choose'}`;
const SHOTS = process.env.LECTIO_SCREENSHOTS || path.resolve('screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
if (!BASE) throw new Error('LECTIO_URL is not set (run tests/browser/study_run.sh)');
mkdirSync(SHOTS, { recursive: true });

let browser;
let page;
const problems = [];

before(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const context = await browser.newContext();
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
});

after(async () => {
  if (browser) await browser.close();
});

// Answers every question: the first option of each. Returns [questions, right answers].
async function answerQuiz() {
  const questions = page.locator('.question');
  const n = await questions.count();
  assert.ok(n >= 1, 'the quiz has no questions');
  let right = 0;
  for (let i = 0; i < n; i++) {
    const q = questions.nth(i);
    assert.equal(await q.locator('.option').count(), 4, `question ${i + 1} has not four options`);
    assert.ok(await q.locator('.explanation').isHidden(), 'the explanation shows before answering');
    await q.locator('.option').first().click();
    assert.ok(await q.locator('.explanation').isVisible(), 'no explanation after answering');
    assert.equal(await q.locator('.option.right').count(), 1, 'the right option is not marked');
    if (await q.locator('.option').first().evaluate((o) => o.classList.contains('right'))) right++;
  }
  return [n, right];
}

describe('study tools', () => {
  it('lets an anonymous visitor take the quiz from the lesson page', async () => {
    await page.goto(`${BASE}${LESSON}`);
    await page.locator('#quiz-link').click();
    await page.waitForLoadState('load');
    assert.match(new URL(page.url()).pathname, /\/quiz$/);
    const [n, right] = await answerQuiz();
    const score = page.locator('#quiz-score');
    await score.waitFor({ state: 'visible' });
    assert.equal(await score.locator('.correct').textContent(), String(right));
    assert.match(await score.textContent(), new RegExp(`/ ${n}`));
    await page.screenshot({ path: path.join(SHOTS, 'quiz.png'), fullPage: true });
  });

  it('keeps a learner\'s score and schedules their cards', async () => {
    const name = `study_${Date.now().toString(36)}`;
    await page.goto(`${BASE}/signup?next=${encodeURIComponent(LESSON + '/quiz')}`);
    await page.fill('#name', name);
    await page.fill('#display_name', 'Study Tester');
    await page.fill('#password', 'correct horse battery');
    await Promise.all([page.waitForNavigation(), page.locator('#signup-form button[type=submit]').click()]);
    assert.match(new URL(page.url()).pathname, /\/quiz$/, 'sign-up did not come back to the quiz');
    await answerQuiz();
    await page.locator('#quiz-score .saved').waitFor({ state: 'visible' });

    await page.locator('#review-link').click();
    await page.waitForLoadState('load');
    const card = page.locator('#review-card');
    await card.waitFor({ state: 'visible' });
    const ratings = ['1', '2', '3', '4'];
    const seen = new Set();
    for (let i = 0; i < 40 && await card.isVisible(); i++) {
      const id = await card.getAttribute('data-card');
      assert.ok(!seen.has(id) || i > 0, 'the same card twice');
      seen.add(id);
      assert.ok((await card.locator('.card-front').textContent()).length > 5, 'an empty card');
      await page.locator('#show-answer').click();
      assert.ok(await card.locator('.card-answer').isVisible(), 'the answer does not show');
      const [res] = await Promise.all([
        page.waitForResponse((r) => /\/api\/cards\/.+\/review$/.test(new URL(r.url()).pathname)),
        card.locator(`.rate[data-rating="${ratings[i % 4]}"]`).click(),
      ]);
      assert.equal(res.status(), 200, `rating answered ${res.status()}`);
      const body = await res.json();
      assert.ok(body.scheduled_days >= 1, 'a rating scheduled no day');
      if (i === 0) await page.screenshot({ path: path.join(SHOTS, 'review.png'), fullPage: true });
    }
    await page.locator('#review-done').waitFor({ state: 'visible' });
    assert.ok(seen.size >= 3, `only ${seen.size} cards to review`);
    // Every card is now scheduled days ahead: nothing is due, nothing new.
    await page.goto(`${BASE}/review`);
    await page.locator('#review-done').waitFor({ state: 'visible' });
    assert.deepEqual(problems, []);
  });
});
