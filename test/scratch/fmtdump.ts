import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import * as core from '../../server/src/core/index';
const corpus = join(__dirname, '../../../../shared/corpus/realworld/files');
const h = createHash('sha256');
const texts = readdirSync(corpus).filter((f) => f.endsWith('.txt')).sort().map((n) => new TextDecoder().decode(readFileSync(join(corpus, n))));
let seed = 7; const rnd = () => { seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
const frags = ['User-agent: *', 'user-agent:a', 'Disallow: /x ', ' Allow:/y', '# c ', '#c', '', ' ', 'Sitemap:  http://a', 'Foo: bar', 'Disallow:', 'Disallow :x', '\uFEFFUser-agent: x', 'Crawl-delay: 1 # c', 'Host:'];
for (let i = 0; i < 3000; i++) texts.push(Array.from({ length: 1 + Math.floor(rnd() * 12) }, () => frags[Math.floor(rnd() * frags.length)]).join(rnd() < 0.2 ? '\r\n' : '\n'));
for (const t of texts) { const m = core.parse(t); h.update(JSON.stringify(core.formatDocument(m, undefined, { insertFinalNewline: true }))); h.update(JSON.stringify(core.formatDocument(m, { start: { line: 1, character: 0 }, end: { line: 3, character: 0 } }))); }
console.log(texts.length, h.digest('hex'));
