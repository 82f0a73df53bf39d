// The lesson page as a learner meets it (issue 30), at a laptop's (1366×900) and a phone's
// (390×844) size: the sticky player stays compact and collapsible and every in-page jump lands
// below it; the keyboard reaches the page through a skip link and the transcript is one Tab
// stop; reviews show one's own, count in words that agree, and refuse liking one's own; a
// signed-in learner's lesson heard to its end is reported once (issue 31).
// Run through run.sh (`run.sh LECTIO WORK player.test.mjs`), which renders the lesson's audio.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BASE, LESSON, SHOTS, SIZES, callApi, launch, shot, signUp, until } from './lib.mjs';

const heights = {};  // the stuck player's height per size, kept beside the screenshots
let env;

before(async () => { env = await launch(); });
after(async () => {
  writeFileSync(path.join(SHOTS, 'player-heights.json'), `${JSON.stringify(heights, null, 2)}\n`);
  if (env) await env.browser.close();
});

// The player's box and the offset lesson.js publishes for in-page jumps.
const playerBox = (page) => page.evaluate(() => {
  const r = document.getElementById('player').getBoundingClientRect();
  const offset = getComputedStyle(document.documentElement).getPropertyValue('--player-offset');
  return { top: r.top, bottom: r.bottom, height: r.height, offset: parseFloat(offset),
           stuck: document.getElementById('player').classList.contains('stuck') };
});

// Fails unless SELECTOR's box starts below the player and inside the window.
async function assertBelowPlayer(page, selector, what) {
  const got = await until(page, `${what} to settle below the player`, (sel) => {
    const p = document.getElementById('player').getBoundingClientRect();
    const r = document.querySelector(sel).getBoundingClientRect();
    const ok = r.top >= p.bottom - 1 && r.top < window.innerHeight - 10;
    return ok ? { ok, top: r.top, player: p.bottom } : { top: r.top, player: p.bottom };
  }, selector).catch((e) => e);
  if (got instanceof Error) assert.fail(`${what} (${selector}) is under the player: ${got.message}`);
}

async function openLesson(page, hash = '') {
  await page.goto('about:blank');  // so that a new #hash loads the page instead of scrolling
  await page.goto(BASE + LESSON + hash);
  await until(page, 'lesson.js to read the track',
              () => document.body.dataset.transcript === 'ready', undefined, 15000);
}

for (const size of SIZES) {
  describe(`the lesson page at ${size.width}×${size.height} (${size.name})`, { concurrency: false }, () => {
    let context;
    let page;
    before(async () => {
      context = await env.newContext({ viewport: { width: size.width, height: size.height } });
      page = await context.newPage();
      page.setDefaultTimeout(15000);
    });
    after(async () => { await context.close(); });

    it('keeps the stuck player compact and collapsible, its height in --player-offset', async () => {
      await openLesson(page);
      await page.evaluate(() => document.getElementById('transcript').scrollIntoView());
      await until(page, 'the player to stick', () => {
        const p = document.getElementById('player');
        return p.getBoundingClientRect().top === 0 && p.classList.contains('stuck');
      });
      const stuck = await playerBox(page);
      heights[size.name] = { viewport: `${size.width}x${size.height}`, stuck: stuck.height };
      console.log(`stuck player at ${size.width}×${size.height}: ${stuck.height} px`);
      assert.ok(stuck.height <= size.height * 0.12,
                `the stuck player is ${stuck.height} of ${size.height} px (more than 12%)`);
      assert.equal(stuck.offset, Math.ceil(stuck.height), '--player-offset is not its height');
      await assertBelowPlayer(page, '#transcript h2', 'the transcript heading');
      await shot(page, `player-stuck-${size.name}`);

      const toggle = page.locator('#player-toggle');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await toggle.getAttribute('aria-label'), 'Show player controls');
      assert.equal(await page.locator('#player-controls').isVisible(), false);
      // Collapsed, it is the audio's row alone (at a laptop's width the controls were beside it).
      const collapsed = await until(page, '--player-offset to follow the collapse', (h) => {
        const p = document.getElementById('player').getBoundingClientRect().height;
        const o = parseFloat(getComputedStyle(document.documentElement)
          .getPropertyValue('--player-offset'));
        return p <= h && p <= 60 && o === Math.ceil(p) && { ok: true, height: p };
      }, stuck.height);
      heights[size.name].collapsed = collapsed.height;
      await shot(page, `player-collapsed-${size.name}`);
      // The choice holds when the learner opens a lesson page again.
      await openLesson(page);
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'collapse not remembered');
      assert.equal(await page.locator('#player-controls').isVisible(), false);
      await toggle.click();
      assert.equal(await page.locator('#player-controls').isVisible(), true);
      assert.equal(await toggle.getAttribute('aria-label'), 'Hide player controls');
    });

    it('keeps the highlighted sentence below the player as the audio moves on', async () => {
      await openLesson(page);
      const n = await page.locator('#transcript span.cue').count();
      const starts = await until(page, 'the cues', () => {
        const t = document.getElementById('audio').textTracks[0];
        return t.cues && t.cues.length && { ok: true, s: Array.from(t.cues).map((c) => c.startTime) };
      });
      await page.evaluate(() => document.getElementById('transcript').scrollIntoView());
      // The page is also moved so that the top of the transcript box is under the player.
      for (const [k, scrollBy] of [[0.1, 0], [0.45, 0], [0.8, 150], [0.97, 0]]) {
        const i = Math.floor(n * k);
        await page.evaluate((d) => window.scrollBy(0, d), scrollBy);
        await page.evaluate((t) => { document.getElementById('audio').currentTime = t + 0.05; },
                            starts.s[i]);
        await until(page, `sentence ${i} to be highlighted`,
                    (j) => document.querySelector(`span.cue[data-index="${j}"]`)
                      .classList.contains('current'), i);
        await assertBelowPlayer(page, `span.cue[data-index="${i}"]`, `highlighted sentence ${i}`);
        await until(page, `highlighted sentence ${i} to be inside the visible transcript`, (j) => {
          const r = document.querySelector(`span.cue[data-index="${j}"]`).getBoundingClientRect();
          const b = document.getElementById('transcript').getBoundingClientRect();
          const ok = r.top >= b.top && r.bottom <= Math.min(b.bottom, window.innerHeight);
          return ok || { sentence: [r.top, r.bottom], box: [b.top, b.bottom] };
        }, i);
      }
      await shot(page, `player-highlight-${size.name}`);
    });

    it('lands a citation jump below the player', async () => {
      await openLesson(page);
      const cite = page.locator('#transcript a.cite').nth(2);
      const href = await cite.getAttribute('href');
      await cite.click();
      await page.waitForURL((u) => u.hash === href);
      await assertBelowPlayer(page, href, `the source ${href}`);
      await shot(page, `player-citation-${size.name}`);
    });

    it('gives the keyboard a skip link, one Tab stop for the transcript and arrow keys', async () => {
      await openLesson(page);
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.className), 'skip-link');
      assert.ok(await page.locator('a.skip-link').isVisible(), 'the focused skip link is not shown');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'main');

      // Tab presses from the top of the page to the question box (167 before issue 30).
      await openLesson(page);
      const stops = [];
      for (let i = 0; i < 250; i++) {
        await page.keyboard.press('Tab');
        const at = await page.evaluate(() => {
          const a = document.activeElement;
          return { id: a.id, cue: a.classList.contains('cue') ? Number(a.dataset.index) : null };
        });
        stops.push(at);
        if (at.id === 'question') break;
      }
      const presses = stops.length;
      heights[size.name] = { ...heights[size.name], tab_presses_to_ask: presses };
      console.log(`Tab presses to the question box at ${size.name}: ${presses}`);
      assert.equal(stops[stops.length - 1].id, 'question', 'Tab never reached the question box');
      const cueStops = stops.filter((s) => s.cue !== null);
      assert.equal(cueStops.length, 1, `the transcript has ${cueStops.length} Tab stops`);
      assert.ok(presses <= 40, `${presses} Tab presses reach the question box`);

      // Back to the transcript's stop; arrows move, Home and End jump, Enter plays.
      await page.locator(`span.cue[data-index="${cueStops[0].cue}"]`).focus();
      const focused = () => page.evaluate(() => Number(document.activeElement.dataset.index));
      await page.keyboard.press('ArrowDown');
      assert.equal(await focused(), cueStops[0].cue + 1);
      await page.keyboard.press('ArrowUp');
      assert.equal(await focused(), cueStops[0].cue);
      await page.keyboard.press('End');
      const last = await page.locator('#transcript span.cue').count() - 1;
      assert.equal(await focused(), last);
      await page.keyboard.press('Home');
      assert.equal(await focused(), 0);
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      assert.equal(await focused(), 5);
      const outline = await page.evaluate(() => {
        const s = getComputedStyle(document.activeElement);
        return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
      assert.ok(outline.style !== 'none' && outline.width >= 2,
                `the focused sentence has no outline: ${JSON.stringify(outline)}`);
      await assertBelowPlayer(page, 'span.cue[data-index="5"]', 'the focused sentence');
      await shot(page, `player-keyboard-${size.name}`);
      const start = await page.evaluate(
        () => document.getElementById('audio').textTracks[0].cues[5].startTime);
      await page.keyboard.press('Enter');
      await until(page, 'Enter to play from sentence 5', (s) => {
        const a = document.getElementById('audio');
        return !a.paused && a.currentTime >= s && a.currentTime < s + 3;
      }, start);
      await page.evaluate(() => document.getElementById('audio').pause());
      // Shift+Tab from the sentence's citation comes back to it; Tab leaves the transcript.
      const cites = await page.locator('span.cue[data-index="5"] a.cite').count();
      for (let i = 0; i <= cites; i++) await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(
        () => document.getElementById('transcript').contains(document.activeElement)), false);

      // Citation numbers: readable and large enough to hit (WCAG 2.5.8, 24×24 px).
      const box = await page.evaluate(() => {
        const a = document.querySelector('#transcript a.cite');
        const r = a.getBoundingClientRect();
        return { font: parseFloat(getComputedStyle(a).fontSize), w: r.width, h: r.height };
      });
      assert.ok(box.font >= 12, `citation numbers are ${box.font} px`);
      assert.ok(box.w >= 24 && box.h >= 24, `a citation link is ${box.w}×${box.h} px`);
    });

    it('shows, updates and counts one\'s own review; refuses liking it', async () => {
      const name = await signUp(page, `rev_${size.name}`);
      await openLesson(page, '#reviews');
      await assertBelowPlayer(page, '#reviews h2', 'the reviews heading');
      const form = page.locator('#review-form');
      const before = Number(await page.locator('#rating-count').textContent());
      assert.equal(await form.locator('button[type=submit]').textContent(), 'Post');
      // The stars: a radio group (arrow keys), each labelled "N stars".
      assert.equal(await page.locator('label[for="rating-1"]').textContent(), '★1 star');
      assert.equal(await page.locator('label[for="rating-4"]').textContent(), '★4 stars');
      await page.locator('#rating-1').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.locator('#rating-3').isChecked(), true, 'arrows did not pick 3 stars');
      const colours = await page.evaluate(() => Array.from(
        document.querySelectorAll('.star-rating label'), (l) => getComputedStyle(l).color));
      assert.ok(colours[2] !== colours[3] && colours[0] === colours[2] && colours[3] === colours[4],
                `the stars up to the rating are not filled: ${colours.join(', ')}`);
      const area = await page.evaluate(() => {
        const t = document.getElementById('review-text').getBoundingClientRect();
        const f = document.getElementById('review-form').getBoundingClientRect();
        return { w: t.width, h: t.height, form: f.width };
      });
      assert.ok(area.w >= area.form - 2 && area.h >= 120, `the text box is ${area.w}×${area.h}`);
      const text = `Clear, and every claim is sourced (${name}).`;
      await page.fill('#review-text', text);
      await shot(page, `review-form-${size.name}`);
      await Promise.all([page.waitForEvent('load'), form.locator('button[type=submit]').click()]);
      const mine = page.locator('#review-list li.review', { hasText: name });
      await mine.waitFor();
      await assertBelowPlayer(page, '#reviews h2', 'the reviews heading after posting');
      const count = Number(await page.locator('#rating-count').textContent());
      assert.equal(await page.locator('#rating-word').textContent(), count === 1 ? 'rating' : 'ratings');
      assert.equal(count, before + 1, 'posting a review did not count one more rating');
      if (count === 1) assert.equal(await page.locator('.rating-summary .average').textContent(), '3.0 / 5 · 1 rating');

      // Reopened, the form shows the review; posting again updates it.
      assert.equal(await page.locator('#rating-3').isChecked(), true, 'the form forgot the rating');
      assert.equal(await page.inputValue('#review-text'), text);
      assert.equal(await form.locator('button[type=submit]').textContent(), 'Update your review');
      assert.ok(await page.locator('#review-mine-note').isVisible());
      await page.locator('#rating-5').check();
      await form.locator('button[type=submit]').click();
      await until(page, 'the updated review', (n) => {
        const li = Array.from(document.querySelectorAll('#review-list li.review'))
          .filter((l) => l.textContent.includes(n));
        return li.length === 1 && li[0].querySelector('.stars').getAttribute('aria-label') === '5 / 5';
      }, name);
      assert.equal(Number(await page.locator('#rating-count').textContent()), count,
                   'updating the review counted a second rating');
      assert.equal(await mine.count(), 1);

      // Liking one's own review: the button is off and says why; the server refuses it too.
      const like = mine.locator('button.like');
      assert.ok(await like.isDisabled());
      assert.equal(await like.getAttribute('title'), 'You cannot like your own review.');
      const id = await mine.getAttribute('data-review');
      const r = await callApi(page, 'PUT', `/api/reviews/${id}/like`);
      assert.equal(r.status, 403);
      assert.equal(r.body.error.message, 'You cannot like your own review.');
      await shot(page, `review-mine-${size.name}`);

      // Heard to the end (issue 31): the player tells the server once, for the plan progress.
      await openLesson(page);
      const [heard] = await Promise.all([
        page.waitForResponse((res) => /\/api\/lessons\/.+\/heard$/.test(new URL(res.url()).pathname)),
        page.evaluate(async () => {
          const a = document.getElementById('audio');
          if (!a.duration) await new Promise((r) => a.addEventListener('loadedmetadata', r, { once: true }));
          a.muted = true;
          a.currentTime = Math.max(0, a.duration - 2);
          return a.play();
        }),
      ]);
      assert.equal(heard.status(), 200, `the heard report answered ${heard.status()}`);
      await until(page, 'the lesson marked heard', () => document.querySelector('article.lesson').dataset.heard === '1');

      // Chinese has one form for every count.
      await page.goto(`${BASE}/lang/zh?next=${encodeURIComponent(LESSON)}`);
      assert.equal(await page.locator('#rating-word').textContent(), '个评分');
      assert.equal(await page.locator('label[for="rating-1"]').textContent(), '★1 星');
      await page.goto(`${BASE}/lang/en?next=/`);
      await page.evaluate(() => document.querySelector('form[action="/signout"] button').click());
      await page.waitForLoadState('load');
    });
  });
}

describe('every page', () => {
  it('has no empty script tag', async () => {
    const page = await env.context.newPage();
    for (const p of ['/', LESSON, `${LESSON}/quiz`, '/signin', '/signup',
                     '/sources/file_gpu001?v=1', '/lessons/nope']) {
      await page.goto(BASE + p);
      const srcs = await page.evaluate(
        () => Array.from(document.scripts, (s) => s.getAttribute('src')));
      assert.ok(srcs.length >= 1 && srcs.every((s) => s && s.length > 1),
                `${p} has script tags ${JSON.stringify(srcs)}`);
    }
    await page.close();
  });

  it('logged no console errors or page errors', () => {
    // The 404 page logs its status, and so does the refused like (403); nothing else may log.
    const problems = env.problems.filter(
      (p) => !/(\/lessons\/nope|#reviews): Failed to load resource: .* (404|403)/.test(p));
    assert.deepEqual(problems, [], `problems in the browser:\n  ${problems.join('\n  ')}`);
  });
});
