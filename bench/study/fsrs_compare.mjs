// FSRS: lectio's scheduler against the reference TypeScript implementation, ts-fsrs (FSRS-6,
// default parameters, fuzz off, long-term scheduler), on random review histories.
//   node bench/study/fsrs_compare.mjs BUILD/bench/lectio_fsrs_replay [N=1000]
// Prints the largest differences in due dates (seconds), stabilities and difficulties over
// every review of every history.
import { execFileSync } from 'node:child_process';
import { fsrs, generatorParameters, createEmptyCard } from 'ts-fsrs';

const replay = process.argv[2];
const n = Number(process.argv[3] ?? 1000);
const f = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

// A seeded generator (mulberry32): the same histories on every run.
let seed = 20261203;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const histories = [];
for (let h = 0; h < n; h++) {
  const reviews = [];
  let t = 1735689600 + Math.floor(random() * 86400 * 365);  // during 2025
  const count = 1 + Math.floor(random() * 20);
  for (let i = 0; i < count; i++) {
    const rating = 1 + Math.floor(random() * 4);
    reviews.push([t, rating]);
    // The next review: early, on time or late against a spread of up to 60 days, any time of day.
    t += Math.floor(random() * 86400 * (random() < 0.2 ? 2 : 60)) + 1;
  }
  histories.push(reviews);
}

const ours = execFileSync(replay, {
  input: histories.map((h) => JSON.stringify(h)).join('\n') + '\n',
  maxBuffer: 1 << 28,
}).toString().trim().split('\n').map((l) => JSON.parse(l));

let reviews = 0, maxDue = 0, maxS = 0, maxD = 0, maxDays = 0;
histories.forEach((history, h) => {
  let card = createEmptyCard(new Date(history[0][0] * 1000));
  history.forEach(([t, rating], i) => {
    card = f.next(card, new Date(t * 1000), rating).card;
    const [due, s, d, days] = ours[h][i];
    maxDue = Math.max(maxDue, Math.abs(card.due.getTime() / 1000 - due));
    maxS = Math.max(maxS, Math.abs(card.stability - s));
    maxD = Math.max(maxD, Math.abs(card.difficulty - d));
    maxDays = Math.max(maxDays, Math.abs(card.scheduled_days - days));
    reviews++;
  });
});
console.log(JSON.stringify({
  histories: n, reviews, max_due_difference_seconds: maxDue, max_stability_difference: maxS,
  max_difficulty_difference: maxD, max_interval_difference_days: maxDays,
}));
