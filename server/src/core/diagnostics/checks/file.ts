/**
 * Checks of the file as a whole: its name, whether it is robots.txt at all, its encoding, and the size limits
 * crawlers apply (Google's 500 KiB and 16 663-byte lines, Yandex's 2 048 rules of at most 1 024 characters).
 */

import { listNames } from '../../crawlers/explain';
import { googleMaxLineOctets } from '../../matching/agents';
import { utf8Length } from '../../matching/encoding';
import { escapedByte, isEscapedByte } from '../../syntax/bytes';
import type { RobotsModel } from '../../syntax/parser';
import { shown, type AnyFact, type Check, type CheckEntry, type FileFact } from '../context';
import { replaceSpan } from './edits';

const maxFileOctets = 500 * 1024;
const yandexMaxRules = 2048;
const yandexMaxRuleLength = 1024;

const fileName: Check = (context) => {
	const name = context.options.fileName;
	if (name === undefined || name === 'robots.txt') {
		return;
	}
	const hint = name.toLowerCase() === 'robots.txt'
		? 'URLs are case-sensitive, so a server on a case-sensitive file system answers 404'
		: 'crawlers never ask for it';
	context.report({
		code: 'file-name',
		line: 0,
		message: `Crawlers request exactly "/robots.txt" (all lower case); this file is named "${shown(name)}": ${hint}.`,
	});
};

/** What the content looks like when it is not robots.txt. */
export function foreignContent(model: RobotsModel): string | undefined {
	let sample = '';
	for (let line = 0; line < model.lineCount && sample.length < 2048; line++) {
		sample += model.lineTexts[line];
	}
	const start = sample.replace(/^\uFEFF/, '').trimStart();
	const lower = start.slice(0, 200).toLowerCase();
	if (/^<!doctype\s+html|^<html[\s>]|^<head[\s>]|^<body[\s>]|^<!--/.test(lower) || /<html[\s>]/.test(lower)) {
		return 'an HTML page';
	}
	if (lower.startsWith('<?xml') || /^<[a-z][\w:-]*[\s>]/.test(lower)) {
		return 'XML or HTML markup';
	}
	if (/^[{[]\s*["{[\]}]/.test(start)) {
		return 'JSON';
	}
	// UTF-16 text read as UTF-8: every other code unit is NUL (after the byte order mark, which is not UTF-8 either).
	const body = sample.replace(/^\uFFFD\uFFFD/, '').slice(0, 200);
	let alternateNul = 0;
	for (let i = 0; i < body.length; i++) {
		if (body.charCodeAt(i) === 0) {
			alternateNul++;
		}
	}
	if (body.length >= 4 && alternateNul * 2 >= body.length - 1 && /[A-Za-z#]/.test(body)) {
		return 'UTF-16 text';
	}
	let control = 0;
	let nul = 0;
	for (let i = 0; i < sample.length; i++) {
		const code = sample.charCodeAt(i);
		if ((code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) || code === 0xfffd) {
			control++;
		}
		if (code === 0) {
			nul++;
		}
	}
	// Text has no control characters to speak of; a stray byte or two is a damaged robots.txt, not a binary one.
	if (sample.length > 0 && (control / sample.length > 0.1 || nul / sample.length > 0.01)) {
		return 'binary data';
	}
	return undefined;
}

const notRobotsTxt: Check = (context) => {
	const what = foreignContent(context.model);
	if (what) {
		context.report({
			code: 'not-robots-txt',
			line: 0,
			message: what === 'UTF-16 text'
				? 'This is UTF-16 text: crawlers read robots.txt as UTF-8 (RFC 9309 §2.3), find no rules in it and may fetch everything. Save it as UTF-8.'
				: `This is ${what}, not robots.txt (an error page served as /robots.txt?). Crawlers find no rules in it and may fetch everything.`,
		});
	}
};

/** A UTF-8 byte order mark that was read as Windows-1252 or Latin-1 and saved again as UTF-8. */
export const doubleEncodedBom = '\u00EF\u00BB\u00BF';

const byteOrderMark: Check = (context) => {
	const { model } = context;
	const first = model.lineTexts[0];
	const at = first.charCodeAt(0) === 0xfeff ? 1 : 0;
	if (first.startsWith(doubleEncodedBom, at)) {
		const node = model.lines[0];
		// What follows the mark decides whether a directive is lost: a comment or nothing costs nothing.
		const rest = model.lineText(0).slice(at + doubleEncodedBom.length).trim();
		const harmless = rest === '' || rest.startsWith('#');
		context.report({
			code: 'byte-order-mark',
			line: 0,
			start: 0,
			end: at + doubleEncodedBom.length,
			severity: harmless ? 'hint' : 'warning',
			message: harmless
				? `The file starts with a byte order mark that was saved in the wrong encoding (it shows as "${shown(doubleEncodedBom)}"). It is harmless here, but no crawler skips it.`
				: `The file starts with a byte order mark that was saved in the wrong encoding (it shows as "${shown(doubleEncodedBom)}"): no crawler skips it, so every crawler reads "${shown(model.keyText(0))}" as the first key and ignores the line${node.kind === 'directive' ? '' : ' (it is not "key: value" either)'}.`,
			fixes: [{ title: 'Remove the broken byte order mark', edits: [replaceSpan(0, 0, at + doubleEncodedBom.length, '')], isPreferred: true }],
		});
		return;
	}
	if (at === 0) {
		return;
	}
	// Before a comment or a blank line the mark costs nothing: a robot that does not skip it ignores that line anyway.
	const harmless = model.lines[0].kind === 'comment' || model.lines[0].kind === 'blank';
	context.report({
		code: 'byte-order-mark',
		line: 0,
		start: 0,
		end: 1,
		severity: harmless ? 'hint' : undefined,
		message: harmless
			? 'The file starts with a UTF-8 byte order mark. It is harmless here (the first line holds no directive), but robots that do not skip it read it as part of the first line.'
			: 'The file starts with a UTF-8 byte order mark. Google skips it, but robots that do not (Python\'s urllib.robotparser among them) read it as part of the first key, so they do not recognise the first directive.',
		fixes: [{ title: 'Remove the byte order mark', edits: [replaceSpan(0, 0, 1, '')], isPreferred: true }],
	});
};

/** The analysis lists only the first ones: a file in another encoding has them on every other line. */
export const maxInvalidUtf8 = 100;

const invalidUtf8: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		const text = model.lineTexts[line];
		const replaced = text.indexOf('\uFFFD');
		const raw = firstEscapedByte(text);
		const at = replaced < 0 ? raw : raw < 0 ? replaced : Math.min(replaced, raw);
		if (at >= 0 && at < model.lines[line].length) {
			context.report({
				code: 'invalid-utf8',
				line,
				start: at,
				end: at + 1,
				message: at === raw
					? `Bytes that are not valid UTF-8 (the byte 0x${escapedByte(text.charCodeAt(at)).toString(16).toUpperCase()} here), probably text in another encoding such as Latin-1: RFC 9309 requires UTF-8. ${context.who(['google'])} percent-encode${context.many(['google']) ? '' : 's'} the raw bytes (%${escapedByte(text.charCodeAt(at)).toString(16).toUpperCase()}) and match${context.many(['google']) ? '' : 'es'} only URLs that carry those bytes, not the characters you meant. Save the file as UTF-8.`
					: 'Bytes that are not valid UTF-8 (shown as \uFFFD), probably text in another encoding such as Latin-1: RFC 9309 requires UTF-8, and crawlers compare these bytes as they are, not as the characters you meant. ' +
						'The editor decoded them as \uFFFD, so the answers here compare \uFFFD where Google compares the raw bytes (Google percent-encodes each one, e.g. %E9); `robots-txt test` and `robots-txt lint` read the file\'s bytes as Google does. Save the file as UTF-8.',
			});
		}
	}
};

const ascii = /^[\x00-\x7f]*$/;

/** The UTF-8 size of a line, line end included. */
function lineOctets(model: RobotsModel, line: number): number {
	const text = model.lineTexts[line];
	// Most lines are ASCII, which the regular expression engine confirms several times faster than a loop.
	return ascii.test(text) ? text.length : utf8Length(text);
}

/**
 * The file's size in UTF-8 (each segment's size): the line during which the file grows past a number of bytes, or
 * -1. Only the segment where that happens is read again line by line.
 */
const fileSize: FileFact<number, (model: RobotsModel, octets: number) => number> = {
	name: 'file size',
	summarize({ model, from, to }) {
		let octets = 0;
		for (let line = from; line < to; line++) {
			octets += lineOctets(model, line);
		}
		return octets;
	},
	combine: (sizes, starts) => (model, octets) => {
		let total = 0;
		for (let i = 0; i < sizes.length; i++) {
			if (total + sizes[i] <= octets) {
				total += sizes[i];
				continue;
			}
			for (let line = starts[i]; ; line++) {
				total += lineOctets(model, line);
				if (total > octets) {
					return line;
				}
			}
		}
		return -1;
	},
};

/** Whether a line is an Allow or Disallow line (strict reading), as Yandex counts rules. */
function isRuleLine(model: RobotsModel, line: number): boolean {
	const directive = model.lines[line].directive;
	return directive === 'allow' || directive === 'disallow';
}

/** The number of rules of each segment: the `n`-th rule's line (counting from 1), or -1. */
const ruleCount: FileFact<number, (model: RobotsModel, n: number) => number> = {
	name: 'rule count',
	summarize({ model, from, to }) {
		let rules = 0;
		for (let line = from; line < to; line++) {
			rules += isRuleLine(model, line) ? 1 : 0;
		}
		return rules;
	},
	combine: (counts, starts) => (model, n) => {
		let count = 0;
		for (let i = 0; i < counts.length; i++) {
			if (count + counts[i] < n) {
				count += counts[i];
				continue;
			}
			for (let line = starts[i]; ; line++) {
				if (isRuleLine(model, line) && ++count === n) {
					return line;
				}
			}
		}
		return -1;
	},
};

/** The offset of the first raw byte that was not UTF-8 (see decodeRobotsBytes), or -1. */
function firstEscapedByte(text: string): number {
	escapedBytes.lastIndex = 0;
	for (let match = escapedBytes.exec(text); match; match = escapedBytes.exec(text)) {
		const i = match.index;
		// U+DC80 to U+DCFF after a high surrogate is the second half of a character, not a byte.
		if (isEscapedByte(text.charCodeAt(i)) && !(i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff)) {
			return i;
		}
	}
	return -1;
}

/** Code units that may be escaped bytes; a constant expression scanned natively. */
const escapedBytes = /[\udc80-\udcff]/g;

/** The limits of the whole file: the 500 KiB that crawlers read, Yandex's 2 048 rules. */
const fileLimits: Check = (context) => {
	const beyond = context.fact(fileSize)(context.model, maxFileOctets);
	if (beyond >= 0) {
		// What each target crawler does with a file this size, from the crawler catalogue.
		const truncating = context.targets.filter((crawler) => crawler.sizeLimit?.beyond === 'truncate' && crawler.sizeLimit.bytes <= maxFileOctets);
		const allowing = context.targets.filter((crawler) => crawler.sizeLimit?.beyond === 'allow-all' && crawler.sizeLimit.bytes <= maxFileOctets);
		const parts: string[] = [];
		if (truncating.length > 0) {
			parts.push(`${listNames(truncating.map((crawler) => crawler.token), 3)} read${truncating.length > 1 ? '' : 's'} only the first 500 KiB, so this line and everything after it do not count for ${truncating.length > 1 ? 'them' : 'it'}`);
		}
		if (allowing.length > 0) {
			parts.push(`${listNames(allowing.map((crawler) => crawler.token), 3)} treat${allowing.length > 1 ? '' : 's'} a file over 500 KiB as allowing everything`);
		}
		context.report({
			code: 'file-too-large',
			line: beyond,
			message: parts.length > 0
				? `The file is over 500 KiB: ${parts.join('; ')}. (RFC 9309 §2.5 only requires crawlers to read the first 500 KiB.)`
				: 'The file is over 500 KiB: RFC 9309 §2.5 only requires crawlers to read the first 500 KiB, so this line and everything after it may be ignored.',
		});
	}
	const tooMany = context.concerns(['yandex']) ? context.fact(ruleCount)(context.model, yandexMaxRules + 1) : -1;
	if (tooMany >= 0) {
		context.report({
			code: 'too-many-rules',
			line: tooMany,
			message: `This is rule number ${yandexMaxRules + 1}: Yandex reports an error for more than ${yandexMaxRules.toLocaleString('en')} Allow/Disallow rules.`,
		});
	}
};

/** The limits of one line: Google's 16 663 bytes, Yandex's rules of 1 024 characters. */
const lineLimits: Check = (context) => {
	const { model } = context;
	const yandex = context.concerns(['yandex']);
	for (let line = context.from; line < context.to; line++) {
		const text = model.lineTexts[line];
		const node = model.lines[line];
		const lineOctets = text.length * 3 <= googleMaxLineOctets ? -1 : utf8Length(model.lineText(line));
		const cut = lineOctets > googleMaxLineOctets ? cutPosition(model.lineText(line), googleMaxLineOctets) : -1;
		// A cut inside a comment loses nothing Google would have read.
		if (cut >= 0 && (node.kind === 'directive' || node.kind === 'text') && (node.commentStart < 0 || cut < node.commentStart)) {
			context.report({
				code: 'line-too-long',
				line,
				start: cut,
				message: `This line is ${lineOctets.toLocaleString('en')} bytes long; Google reads only the first ${googleMaxLineOctets.toLocaleString('en')} bytes of a line and ignores the rest, from here on.`,
			});
		}
		const length = node.valueEnd - node.valueStart;
		if (yandex && (node.directive === 'allow' || node.directive === 'disallow') && length > yandexMaxRuleLength) {
			context.report({
				code: 'rule-too-long',
				line,
				start: node.valueStart,
				end: node.valueEnd,
				message: `This rule is ${length.toLocaleString('en')} characters long: Yandex reports an error for rules over ${yandexMaxRuleLength.toLocaleString('en')} characters.`,
			});
		}
	}
};

function cutPosition(text: string, limit: number): number {
	let octets = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		octets += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? 4 : 3;
		if (octets > limit) {
			return i;
		}
		if (code >= 0xd800 && code <= 0xdbff) {
			i++;
		}
	}
	return text.length;
}

/** Whether this is a robots.txt file at all, under its name; when it is not, no other check runs. */
export const identityChecks: readonly Check[] = [fileName, notRobotsTxt];

/** The facts these checks ask. */
export const fileFacts: readonly AnyFact[] = [fileSize, ruleCount];

export const fileChecks: readonly CheckEntry[] = [{ file: byteOrderMark }, { line: invalidUtf8 }, { file: fileLimits }, { line: lineLimits }];
