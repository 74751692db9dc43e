/**
 * The response behind each deployed robots.txt document, kept for the features that add what it means: diagnostics,
 * code lenses and Test URL. The deployed requests (deployed.ts) fill it.
 */

import type { CodeLens, Diagnostic } from 'vscode-languageserver';
import {
	analyseDeployed,
	deployedDiagnostics,
	deployedLenses,
	type AnalysisOptions,
	type DeployedAnalysis,
	type FetchOutcome,
	type RobotsModel,
} from '../../../core/src/index';

/** How many deployed responses are kept: one per deployed document a person opened recently. */
const maxKept = 32;

/** The response behind each deployed document, and its analysis for the document's current settings. */
export class DeployedStore {
	private readonly outcomes = new Map<string, FetchOutcome>();
	private readonly analyses = new Map<string, { key: string; analysis: DeployedAnalysis }>();
	/** The User-Agent the client was last told to fetch with (`robotsTxt/deployedTarget`), for the sitemaps it fetches too. */
	fetchedAs: string | undefined;

	set(uri: string, outcome: FetchOutcome): void {
		this.outcomes.delete(uri);
		this.outcomes.set(uri, outcome);
		this.analyses.delete(uri);
		for (const old of this.outcomes.keys()) {
			if (this.outcomes.size <= maxKept) {
				break;
			}
			this.outcomes.delete(old);
			this.analyses.delete(old);
		}
	}

	/** The analysis of the document's response for these settings, or undefined when it is not a deployed document. */
	analysis(uri: string, options: AnalysisOptions): DeployedAnalysis | undefined {
		const outcome = this.outcomes.get(uri);
		if (!outcome) {
			return undefined;
		}
		const key = options.crawlers.join('\n');
		const cached = this.analyses.get(uri);
		if (cached && cached.key === key) {
			return cached.analysis;
		}
		const analysis = analyseDeployed(outcome, options.crawlers);
		this.analyses.set(uri, { key, analysis });
		return analysis;
	}

	/** What the response adds to the document's diagnostics. */
	diagnostics(uri: string, model: RobotsModel, options: AnalysisOptions): Diagnostic[] {
		const analysis = this.analysis(uri, options);
		return analysis ? deployedDiagnostics(analysis, model.lineCount > 0 ? model.lines[0].length : 0) : [];
	}

	/** What the response adds to the document's code lenses. */
	lenses(uri: string, options: AnalysisOptions): CodeLens[] {
		const analysis = this.analysis(uri, options);
		return analysis ? deployedLenses(analysis) : [];
	}
}
