/**
 * The starting templates of `robots-txt init` and "New File from Template…": a robots.txt per kind of site, each line
 * explained by a comment in the user's language (the directive lines stay English, as crawlers read them), and the
 * expectations file it ships, which states what the file must allow and disallow. Each rule cites its source beside it;
 * the unit tests check every preset clean by the linter and by its own expectations.
 */

import { aiTrainingCrawlers } from '../features/aiTraining';
import { robotsTarget } from '../fetch/site';
import { t } from '../l10n';

/** A line of a preset: a directive line as crawlers read it, a comment sentence in the user's language, or a blank. */
type PresetLine = string | (() => string);

interface Preset {
	readonly name: string;
	title(): string;
	description(): string;
	/** The path of the site's sitemap (`/sitemap.xml`), or null for a preset that names none (staging). */
	readonly sitemapPath: string | null;
	/** The lines before the Sitemap line. */
	lines(): readonly PresetLine[];
	/** The expectations file's lines: crawler, path, verdict (and preferences), as the expectations format reads them. */
	readonly expectations: readonly (readonly string[])[];
}

/** The AI training crawlers of the catalogue, one User-agent line each. */
function aiTrainingGroup(): string[] {
	return aiTrainingCrawlers().map((crawler) => `User-agent: ${crawler.token}`);
}

/**
 * A `*` group that allows everything, and its comment. RFC 9309 §2.2.2: a rule's empty value matches nothing, so
 * crawlers may access any URI; an empty Disallow is the original 1994 way to say the same, which every parser reads.
 */
function everyPageOpen(): PresetLine[] {
	return [() => t('Every crawler may fetch every page of this site.'), 'User-agent: *', 'Disallow:', ''];
}

const presets: readonly Preset[] = [
	{
		name: 'plain',
		title: () => t('Plain site'),
		description: () => t('Every crawler may fetch every page.'),
		sitemapPath: '/sitemap.xml',
		lines: () => [
			...everyPageOpen(),
			// Google, "Introduction to robots.txt": robots.txt is not a mechanism for keeping a page out of Google.
			() =>
				t(
					'To keep a page out of search results, give it a noindex robots meta tag and leave it fetchable: a page crawlers may not fetch can still be indexed from links to it.',
				),
		],
		expectations: [
			['Googlebot', '/', 'allow'],
			['bingbot', '/any/page.html', 'allow'],
			['*', '/', 'allow'],
		],
	},
	{
		name: 'wordpress',
		title: () => t('WordPress site'),
		description: () => t("WordPress's own rules: the admin area closed, admin-ajax.php open."),
		// WordPress 5.5 and later serve their sitemap at /wp-sitemap.xml and add it to the virtual robots.txt
		// (wp-includes/sitemaps/class-wp-sitemaps.php, `add_robots`).
		sitemapPath: '/wp-sitemap.xml',
		lines: () => [
			() => t("WordPress's own rules, as it serves them when no robots.txt file exists."),
			// wp-includes/functions.php, `do_robots()`: the virtual robots.txt of a public site is these three lines,
			// the Disallow first. The Allow comes first here: Google and RFC 9309 take the longest match wherever it
			// stands, and robots of the 1996 draft, which take the first match, then read it too.
			'User-agent: *',
			() => t('Themes and plugins load admin-ajax.php from public pages, so crawlers need it to render them.'),
			'Allow: /wp-admin/admin-ajax.php',
			() => t('The admin area: nothing in it is for search results.'),
			'Disallow: /wp-admin/',
			'',
			// Google, "Understand the JavaScript SEO basics" and the robots.txt introduction: do not block the CSS and
			// JavaScript pages need, or Google cannot render them.
			() =>
				t(
					'Do not disallow /wp-includes/ or /wp-content/: pages load their scripts, styles and images from there, and search engines need them to render the pages.',
				),
		],
		expectations: [
			['Googlebot', '/', 'allow'],
			['Googlebot', '/wp-admin/', 'disallow'],
			['Googlebot', '/wp-admin/options.php', 'disallow'],
			['Googlebot', '/wp-admin/admin-ajax.php', 'allow'],
			['Googlebot', '/wp-includes/js/jquery/jquery.min.js', 'allow'],
			['Googlebot', '/wp-content/themes/theme/style.css', 'allow'],
			['bingbot', '/wp-admin/', 'disallow'],
		],
	},
	{
		name: 'store',
		title: () => t('Online store'),
		description: () => t('A Shopify-like store: cart, checkout, account and search pages closed, sorted and filtered collections too.'),
		sitemapPath: '/sitemap.xml',
		lines: () => [
			// shopify.dev, "Customize robots.txt" (storefronts/themes/seo/robots-txt): these are among the default
			// rules of robots.txt.liquid for the `*` group.
			() => t('The rules of a Shopify store: pages of one shopper, and endless variants of the same listings, are not for search results.'),
			'User-agent: *',
			() => t('The store admin, the cart, the checkout, orders and accounts: pages of one shopper, behind a login or empty for crawlers.'),
			'Disallow: /admin',
			'Disallow: /cart',
			// Shopify also lists /checkouts/ and /carts, which /checkout and /cart already cover (RFC 9309 §2.2.2: rules
			// match the start of the path).
			'Disallow: /checkout',
			'Disallow: /orders',
			'Disallow: /account',
			() => t("The store's search result pages: a page for every query, with nothing of its own."),
			'Disallow: /search',
			() => t('Collections sorted or filtered by tags: the same products again and again under other URLs.'),
			// Shopify writes these with a trailing `*` (`/collections/*sort_by*`), which adds nothing (RFC 9309 §2.2.3:
			// rules match prefixes), and `%2b` beside `%2B`, which crawlers compare alike (RFC 3986 §2.1; Google
			// upper-cases escapes): the same URLs in fewer rules.
			'Disallow: /collections/*sort_by',
			'Disallow: /collections/*+',
			'Disallow: /collections/*%2B',
		],
		expectations: [
			['Googlebot', '/', 'allow'],
			['Googlebot', '/products/blue-shirt', 'allow'],
			['Googlebot', '/collections/shirts', 'allow'],
			['Googlebot', '/collections/shirts?sort_by=price-ascending', 'disallow'],
			['Googlebot', '/collections/shirts/blue+cotton', 'disallow'],
			['Googlebot', '/cart', 'disallow'],
			['Googlebot', '/checkouts/c/123', 'disallow'],
			['Googlebot', '/account/login', 'disallow'],
			['bingbot', '/search?q=shirt', 'disallow'],
		],
	},
	{
		name: 'static',
		title: () => t('Static site (Next.js, Nuxt, Astro)'),
		description: () => t("A static site built by a framework: every page open, the framework's asset folders never blocked."),
		sitemapPath: '/sitemap.xml',
		lines: () => [
			...everyPageOpen(),
			// The frameworks' build output: Next.js puts its scripts and styles under /_next/static/ (nextjs.org, "Static
			// Exports" and `assetPrefix`), Nuxt under /_nuxt/ (nuxt.com, `app.buildAssetsDir`), Astro under /_astro/
			// (docs.astro.build, `build.assets`). Google renders pages with them ("Understand the JavaScript SEO basics").
			() =>
				t(
					"Never disallow the framework's asset folders (/_next/static/ for Next.js, /_nuxt/ for Nuxt, /_astro/ for Astro): every page loads its scripts and styles from there, and search engines render pages with them.",
				),
		],
		expectations: [
			['Googlebot', '/', 'allow'],
			['Googlebot', '/blog/first-post/', 'allow'],
			['Googlebot', '/_next/static/chunks/main.js', 'allow'],
			['Googlebot', '/_nuxt/entry.css', 'allow'],
			['Googlebot', '/_astro/index.css', 'allow'],
			['bingbot', '/_next/static/css/app.css', 'allow'],
		],
	},
	{
		name: 'docs',
		title: () => t('Documentation site'),
		description: () => t('Documentation: search pages and old versions closed, the current version open.'),
		sitemapPath: '/sitemap.xml',
		lines: () => [
			// Google, "Large site owner's guide to managing your crawl budget": block crawling of URLs you do not want
			// crawled, such as search results and duplicate content.
			() => t('Documentation pages are open; search pages and old versions, which only repeat them, are not.'),
			'User-agent: *',
			() => t("The site's search pages (Sphinx's /search.html, Docusaurus's /search): a page for every query, with nothing of its own."),
			'Disallow: /search',
			() => t('Pages of old versions: near duplicates of the current ones. Put the folder of each old version here, and never the current one.'),
			'Disallow: /v1/',
		],
		expectations: [
			['Googlebot', '/', 'allow'],
			['Googlebot', '/guide/install.html', 'allow'],
			['Googlebot', '/search.html?q=install', 'disallow'],
			['Googlebot', '/search?q=install', 'disallow'],
			['Googlebot', '/v1/guide/install.html', 'disallow'],
			['bingbot', '/v1/', 'disallow'],
		],
	},
	{
		name: 'staging',
		title: () => t('Staging site'),
		description: () => t('A staging or test copy of a site: every crawler kept out of everything.'),
		// A sitemap would list pages no crawler may fetch.
		sitemapPath: null,
		lines: () => [
			() => t('This is a staging site: no crawler may fetch any of it, so that search results never show this copy instead of the live site.'),
			() =>
				t(
					'robots.txt is no access control: anyone, and any crawler that ignores it, can still fetch these pages. Protect a staging site with authentication (a password or an allowlist of addresses).',
				),
			() => t('Never deploy this file to the live site: it keeps every crawler out of everything.'),
			// RFC 9309 §2.2.2 and every parser since 1994: `Disallow: /` matches every path. The disallow-all warning is
			// what this file is for, so it is silenced here, where the comments above say why.
			'User-agent: *',
			'# robots-txt-disable-next-line disallow-all',
			'Disallow: /',
		],
		expectations: [
			['Googlebot', '/', 'disallow'],
			['bingbot', '/any/page.html', 'disallow'],
			['*', '/', 'disallow'],
		],
	},
	{
		name: 'ai',
		title: () => t('Search yes, AI training no'),
		description: () => t('Search engines and AI search may fetch every page; AI training crawlers may not, and the preference lines say so too.'),
		sitemapPath: '/sitemap.xml',
		lines: () => [
			// The group the "Block AI training crawlers" action writes (features/aiTraining.ts): the catalogue's AI
			// training crawlers that read robots.txt, before the file's other groups.
			() => t('AI training crawlers: no use of this site to train models.'),
			...aiTrainingGroup(),
			'Disallow: /',
			'',
			() => t('Every other crawler, search engines and AI search among them, may fetch every page.'),
			'User-agent: *',
			// The preference lines as the same action writes them into the `*` group: Content-Signal
			// (contentsignals.org) and Content-Usage (draft-ietf-aipref-vocab §6.1, draft-ietf-aipref-attach).
			() =>
				t(
					"The same wish for every crawler, in the preference lines: Content-Signal (Cloudflare's Content Signals Policy) and Content-Usage (IETF AI Preferences); no major crawler documents honouring either yet.",
				),
			'Content-Signal: search=yes, ai-train=no',
			'Content-Usage: train-ai=n',
			// An empty Disallow allows everything in every parser; the action's `Allow: /` is unknown to 1994 robots.
			'Disallow:',
		],
		expectations: [
			['Googlebot', '/', 'allow', 'search=yes', 'ai-train=no', 'train-ai=n'],
			['bingbot', '/blog/post.html', 'allow'],
			['OAI-SearchBot', '/', 'allow'],
			['PerplexityBot', '/', 'allow'],
			['GPTBot', '/', 'disallow'],
			['ClaudeBot', '/blog/post.html', 'disallow'],
			['CCBot', '/', 'disallow'],
			['Google-Extended', '/', 'disallow'],
		],
	},
];

/** A preset as a picker lists it. */
export interface TemplateSummary {
	readonly name: string;
	readonly title: string;
	readonly description: string;
}

/** The presets, in the order a picker lists them, with their title and description in the user's language. */
export function templatePresets(): TemplateSummary[] {
	return presets.map((preset) => ({ name: preset.name, title: preset.title(), description: preset.description() }));
}

/** A preset's two files: the robots.txt and the `robots.expectations` beside it. */
export interface TemplateFiles {
	readonly robots: string;
	readonly expectations: string;
}

/**
 * A preset's files for a site (`example.com`, `https://example.com/`; absent: no Sitemap line, and a comment saying to
 * add one), or why the name or the site cannot give them.
 */
export function renderTemplate(name: string, site?: string): TemplateFiles | { readonly error: string } {
	const preset = presets.find((each) => each.name === name);
	if (!preset) {
		return { error: t('There is no template "{0}"; the templates are {1}.', name, presets.map((each) => each.name).join(', ')) };
	}
	const lines = preset.lines().map((line) => (typeof line === 'string' ? line : `# ${line()}`));
	if (preset.sitemapPath !== null) {
		lines.push('');
		if (site === undefined || site.trim() === '') {
			// sitemaps.org: the Sitemap line takes the sitemap's complete URL, which only the site's owner knows.
			lines.push(`# ${t('Add a Sitemap line with the full URL of your sitemap, such as Sitemap: https://example.com{0}', preset.sitemapPath)}`);
		} else {
			const target = robotsTarget(site);
			if ('error' in target) {
				return target;
			}
			lines.push(`# ${t('Where crawlers find the list of the pages of this site.')}`, `Sitemap: ${target.origin}${preset.sitemapPath}`);
		}
	}
	return { robots: lines.join('\n') + '\n', expectations: expectationsText(preset) };
}

/** The expectations file: a comment saying what it is, then one expectation a line in aligned columns. */
function expectationsText(preset: Preset): string {
	const widths = [0, 1].map((column) => Math.max(...preset.expectations.map((fields) => fields[column].length)));
	const lines = preset.expectations.map((fields) =>
		fields
			.map((field, column) => (column < widths.length ? field.padEnd(widths[column]) : field))
			.join('  ')
			.trimEnd(),
	);
	return (
		[`# ${t('What this robots.txt must keep true: robots-txt check and the editor test each line (crawler, path, verdict).')}`, ...lines].join('\n') + '\n'
	);
}
