// Renders the table page's hand summaries and game-over box (games/tables/static/games/table/
// summaries.js) outside a browser, for tests/games/tables/test_summary_words.py: reads a JSON list
// of cases from stdin ({state, view, record}; a null record: the game over) and writes each
// rendering's text, one line of it per element, as a JSON list. The page's modules are run as
// they are; only the document is this small stand-in (they build elements and set text).

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

class Node {
  constructor(tag) {
    this.tag = tag;
    this.children = [];
    this.dataset = {};
    this.attributes = {};
    this.className = "";
    this.ownText = "";
  }
  append(...nodes) {
    for (const node of nodes) this.children.push(typeof node === "string" ? textNode(node) : node);
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  addEventListener() {}
  set textContent(text) {
    this.children = [];
    this.ownText = String(text);
  }
  get textContent() {
    return this.ownText + this.children.map((child) => child.textContent).join("");
  }
  // the text a reader sees, a line per block (headings, list items, rows, paragraphs)
  lines() {
    const blocks = new Set(["h2", "li", "p", "small", "td", "a", "button"]);
    if (blocks.has(this.tag)) return [this.textContent];
    const own = this.ownText ? [this.ownText] : [];
    return own.concat(...this.children.map((child) => child.lines()));
  }
}

function textNode(text) {
  const node = new Node("#text");
  node.ownText = text;
  return node;
}

const table = new Node("div");
Object.assign(table.dataset, { recordUrl: "/record/", lobbyUrl: "/play/" });
globalThis.document = {
  createElement: (tag) => new Node(tag),
  getElementById: (id) => (id === "table" ? table : null),
  querySelector: () => null,
};

const here = path.dirname(new URL(import.meta.url).pathname);
const scripts = path.resolve(here, "../../../games/tables/static/games/table");
const { gameOver, handSummary } = await import(pathToFileURL(path.join(scripts, "summaries.js")));

const cases = JSON.parse(readFileSync(0, "utf-8"));
const rendered = cases.map(({ state, view, record }) => {
  const ctx = { state, view, earned: null };
  const box = record ? handSummary(ctx, record) : gameOver(ctx);
  return box.lines().filter((line) => line.trim());
});
process.stdout.write(JSON.stringify(rendered));
