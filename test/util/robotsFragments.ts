/**
 * Pieces of robots.txt text for the property tests of the analysis: the lines that move its reuse (groups that start
 * and end segments, names repeated across groups, `*` groups with and without rules, Yandex tokens, Host lines,
 * suppression comments, line ends of all kinds), and texts made of them.
 */

import fc from 'fast-check';

export const fragments = [
	'\n',
	'\r\n',
	'\n\n',
	'\r',
	' ',
	'*',
	'$',
	'/',
	'a',
	'x',
	':',
	'#',
	'%',
	'\uFEFF',
	'ツ',
	'\uFFFD',
	'User-agent: a\n',
	'User-agent: *\n',
	'User-agent: Yandex\n',
	'User-agent: Googlebot\n',
	'user-agent: bot\n',
	'User-agent: a b\n',
	'Disallow: /x\n',
	'Disallow: /\n',
	'Disallow:\n',
	'Allow: /x/y\n',
	'Allow: /\n',
	'Disallow: /x*\n',
	'Disallow: /private/\n',
	'disallow /y\n',
	'Disalow: /z\n',
	'Crawl-delay: 1\n',
	'Crawl-delay: 2\n',
	'Host: example.com\n',
	'Host: www.example.com\n',
	'Sitemap: /map.xml\n',
	'Clean-param: a&&b\n',
	'# comment\n',
	'# robots-txt-disable-next-line\n',
	'# robots-txt-disable duplicate-rule\n',
	'# robots-txt-enable\n',
	'\nUser-agent: a\nDisallow: /x\n',
	'\n\nUser-agent: *\nDisallow: /\n',
];

export const block = fc.array(fc.constantFrom(...fragments), { maxLength: 8 }).map((parts) => parts.join(''));
export const seedText = fc.array(block, { maxLength: 8 }).map((blocks) => blocks.join('\n'));
