// Reads an .apkg back with npm anki-reader (zip.js and sql.js: nothing shared with lectio's
// writer) and checks every deck, card and note field.
//   node bench/study/anki_readback.mjs FILE.apkg EXPECTED_CARDS
// Prints {"decks": {name: cards}, "cards": n}; exits 1 naming the first problem.
import { readFileSync } from 'node:fs';
import { readAnkiPackage } from 'anki-reader';

const [file, expected] = process.argv.slice(2);
const fail = (m) => { console.error(`anki_readback: ${m}`); process.exit(1); };
const bytes = readFileSync(file);
const { collection } = await readAnkiPackage(new Blob([bytes]));
const decks = {};
let cards = 0;
for (const [, deck] of Object.entries(collection.getDecks())) {
  const name = deck.getRawDeck().name;
  for (const [cardId, card] of Object.entries(deck.getCards())) {
    const raw = card.getRawCard();
    const fields = String(raw.flds ?? '').split('\x1f');
    if (fields.length !== 3) fail(`card ${cardId}: ${fields.length} fields, want 3`);
    if (!/ · /.test(fields[2])) fail(`card ${cardId}: Source field '${fields[2]}' names no file`);
    if (!fields[0] || !fields[1]) fail(`card ${cardId}: an empty field`);
    decks[name] = (decks[name] ?? 0) + 1;
    cards++;
  }
}
if (expected !== undefined && cards !== Number(expected)) fail(`${cards} cards, want ${expected}`);
console.log(JSON.stringify({ decks, cards }));
