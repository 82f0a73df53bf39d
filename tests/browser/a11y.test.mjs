// Accessibility of every page type the server has (src/web/route_table.cpp), checked with
// axe-core at a laptop's and a phone's size (issue 30), signed out and signed in where the page
// differs. Run through a11y_run.sh, which prepares the data directory and starts `lectio serve`.
//
// axe.min.js comes from node_modules (tests/browser/package-lock.json) and is injected with
// addScriptTag; the context bypasses the pages' CSP (script-src 'self') for that one script.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { BASE, LESSON, SIZES, callApi, launch, shot, signUp, until } from './lib.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let env;
let page;
const found = [];  // every violation, for the last test's summary

// Runs axe on the page as it is; returns its violations as lines naming rule, impact and nodes.
async function axe() {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    await page.addScriptTag({ path: AXE });
  }
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa',
                                      'best-practice'] },
    });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary
        .replace(/\s+/g, ' ').slice(0, 160)}`),
      count: v.nodes.length }));
  });
  return violations.map((v) => `${v.id} (${v.impact}, ${v.count}×): ${v.help}\n      ` +
                                v.nodes.join('\n      '));
}

// Opens PATH at both sizes, waits for `ready` if given, and fails with every violation found.
// `act` (optional) does something on the page before axe looks, e.g. asks a question.
async function check(name, path, { status = 200, ready, act, dark = false } = {}) {
  const lines = [];
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const res = await page.goto(BASE + path);
    assert.equal(res.status(), status, `GET ${path} answered ${res.status()}`);
    if (ready) await until(page, `${name} to be ready`, ready, undefined, 60000);
    if (act) await act();
    await shot(page, `a11y-${name}-${size.name}`, { fullPage: true });
    for (const v of await axe()) lines.push(`${size.name} ${path}: ${v}`);
  }
  found.push(...lines);
  assert.deepEqual(lines, [], `axe found on ${name}:\n  ${lines.join('\n  ')}`);
}

let plan;        // a plan's page
let quietLesson; // a lesson composed without audio (no player)

before(async () => {
  env = await launch({ bypassCSP: true });
  page = env.page;
  await page.goto(BASE + '/');
  const plans = await callApi(page, 'GET', '/api/plans');
  plan = plans.body.plans[0].url;
  const lessons = await callApi(page, 'GET', '/api/lessons?limit=50');
  quietLesson = lessons.body.lessons.map((l) => l.url).find((u) => u !== LESSON);
  assert.ok(plan && quietLesson, `no plan or second lesson: ${JSON.stringify(lessons.body)}`);
});

after(async () => {
  if (env) await env.browser.close();
});

describe('every page type passes axe at 1366×900 and 390×844', { concurrency: false }, () => {
  describe('signed out', { concurrency: false }, () => {
    it('discover', () => check('discover', '/'));
    it('search results', () => check('search', '/?q=systolic'));
    it('lesson with audio', () => check('lesson', LESSON, {
      ready: () => document.body.dataset.transcript === 'ready' }));
    it('lesson with an answer (asked without scripts)',
       () => check('answer', `${LESSON}?q=${encodeURIComponent('What is a systolic array?')}`));
    it('lesson with an answer asked through the form (lesson.js)', () => check('ask', LESSON, {
      act: async () => {
        await page.fill('#question', 'What is a systolic array?');
        await page.locator('#ask-form button[type=submit]').click();
        await page.locator('#answer .answer-body').waitFor();
      } }));
    it('lesson without audio', () => check('lesson-no-audio', quietLesson));
    it('plan', () => check('plan', plan));
    it('source', () => check('source', '/sources/file_gpu001?v=1'));
    it('quiz', () => check('quiz', `${LESSON}/quiz`));
    it('sign in', () => check('signin', '/signin'));
    it('sign up', () => check('signup', '/signup'));
    it('create, signed out (leads to sign-in)', () => check('create-signed-out', '/create'));
    it('all lessons', () => check('list-lessons', '/lessons'));
    it('all plans', () => check('list-plans', '/plans'));
    it('all sources', () => check('list-sources', '/sources'));
    it('not found (404)', () => check('404', '/lessons/no_such_lesson', { status: 404 }));
    it('lesson in Chinese', async () => {
      await page.goto(`${BASE}/lang/zh?next=${encodeURIComponent(LESSON)}`);
      try {
        await check('lesson-zh', LESSON);
      } finally {
        await page.goto(`${BASE}/lang/en?next=/`);
      }
    });
  });

  describe('signed in', { concurrency: false }, () => {
    let job;
    before(async () => {
      await signUp(page, 'a11y');
      // A review of one's own: the form shows it, and the list has a review to check.
      await page.goto(BASE + LESSON);
      const lessonId = await page.locator('article.lesson').getAttribute('data-lesson');
      const r = await callApi(page, 'POST', `/api/lessons/${lessonId}/reviews`,
                              { rating: 4, text: 'Clear and well sourced.' });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const j = await callApi(page, 'POST', '/api/lessons', {
        // Unique, so that a data directory used twice does not hold it as another's draft.
        topic: `Choosing between GPUs and TPUs, take ${Date.now().toString(36)}`,
        insights: ['Why GPUs became the default accelerator'],
        sources: ['file_gpu001'], audio: false });
      assert.equal(j.status, 202, JSON.stringify(j.body));
      job = j.body.job.id;
    });
    it('discover', () => check('discover-in', '/'));
    it('lesson with the review form and an own review', () => check('lesson-in', LESSON, {
      ready: () => document.body.dataset.transcript === 'ready' }));
    it('create', () => check('create', '/create'));
    // The job page once the lesson is made (its link shown); then /me lists that lesson.
    it('job', () => check('job', `/jobs/${job}`, {
      ready: () => !document.getElementById('job-link').hidden }));
    it('me', () => check('me', '/me', { ready: () => document.querySelector('.cards li') }));
    // The editor of the lesson the job made (issue 32), once edit.js has loaded its script.
    it('lesson editor', async () => {
      await page.goto(`${BASE}/jobs/${job}`);
      await until(page, 'the job link', () => !document.getElementById('job-link').hidden);
      const href = await page.locator('#job-link a').first().getAttribute('href');
      const lesson = new URL(href, BASE).pathname;
      await check('edit', `${lesson}/edit`, {
        ready: () => document.querySelector('.edit-page.ready') });
    });
    it('review (flashcards)', () => check('review', '/review', {
      ready: () => document.getElementById('review-status').hidden }));
    it('quiz', () => check('quiz-in', `${LESSON}/quiz`));
    it('lesson in the dark colour scheme', () => check('lesson-dark', LESSON, {
      dark: true, ready: () => document.body.dataset.transcript === 'ready' }));
    it('discover in the dark colour scheme', () => check('discover-dark', '/', { dark: true }));
    it('quiz in the dark colour scheme', () => check('quiz-dark', `${LESSON}/quiz`, { dark: true }));
    it('create in the dark colour scheme', () => check('create-dark', '/create', { dark: true }));
    it('plan in the dark colour scheme', () => check('plan-dark', plan, { dark: true }));
  });

  it('found no violation anywhere, and no script or console error', () => {
    assert.deepEqual(found, []);
    // The pages opened for their 401 and 404 log those statuses; nothing else may be logged.
    const problems = env.problems.filter(
      (p) => !/\/(create|lessons\/no_such_lesson): Failed to load resource: .* (401|404)/.test(p));
    assert.deepEqual(problems, [], `problems in the browser:\n  ${problems.join('\n  ')}`);
  });
});
