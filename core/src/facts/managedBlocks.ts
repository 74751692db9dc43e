/**
 * The blocks platforms write into a robots.txt between marker comments of their own, as data: each platform's start
 * and end lines exactly as its source shows them (case included: Cloudflare's two markers differ in case), with the
 * public page or corpus file that shows them. `syntax/managedBlocks.ts` finds them in a file.
 */

/** A platform that writes its own block of lines into a robots.txt. */
export interface ManagedBlockPlatform {
	/** The platform's name, as messages show it. */
	readonly platform: string;
	/** The comment line that opens the block, as the platform writes it. */
	readonly start: string;
	/** The comment line that closes it, as the platform writes it. */
	readonly end: string;
	/**
	 * The platform puts its block before the site's own file, with comment lines of its own above the start marker: the
	 * comment and blank lines from the top of the file to the start marker are the platform's too.
	 */
	readonly commentsAbove?: true;
	/** Where the markers are shown: a public page, or a file of the real-world corpus with the site it came from. */
	readonly source: string;
}

export const managedBlockPlatforms: readonly ManagedBlockPlatform[] = [
	{
		platform: 'Cloudflare',
		start: '# BEGIN Cloudflare Managed content',
		end: '# END Cloudflare Managed Content',
		commentsAbove: true,
		source:
			'Cloudflare Docs, "robots.txt setting" (managed robots.txt: prepended before the existing file, the Content Signals Policy comments above it): https://developers.cloudflare.com/bots/additional-configurations/managed-robots-txt/',
	},
	{
		platform: 'Yoast SEO',
		start: '# START YOAST BLOCK',
		end: '# END YOAST BLOCK',
		source:
			"The WordPress plugin's block as sites serve it: corpus files 0770 (heavy.com), 0835 (fytaal.nl), 0880 (www.bestebingosites.nl), 0887 (www.chaiiwala.co.uk) and 0896 of ../shared/corpus/realworld",
	},
];
