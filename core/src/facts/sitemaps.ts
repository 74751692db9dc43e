/**
 * The Sitemap line's value as crawlers read it. sitemaps.org's protocol: the location "should be the complete URL to
 * the Sitemap, such as: http://www.example.com/sitemap.xml", beginning with its protocol; crawlers fetch sitemaps over
 * http and https. The diagnostics and the document links both ask `isFetchableSitemapUrl`, so no value gets both a
 * finding and a link.
 */

/** A scheme of http or https, `//` and an authority, as written (the WHATWG parser would also take `http:host`). */
const completeHttpUrl = /^https?:\/\/[^\s/?#]/i;

/** Whether a Sitemap value is a URL a crawler can fetch: complete, http(s), with a host, parsed by the WHATWG URL parser. */
export function isFetchableSitemapUrl(value: string): boolean {
	if (!completeHttpUrl.test(value) || /\s/.test(value)) {
		return false;
	}
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}
