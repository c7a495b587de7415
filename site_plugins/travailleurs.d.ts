// Types for `tsc --checkJs` of the workers (tsconfig.travailleurs.json): the values the plugins write
// into their templates at build time, and the search library Material's worker loads.

declare const __VERSION__: string
declare const __FICHIERS__: Array<string | string[]>
declare const __EMPREINTES__: Record<string, string>
declare const __DEGZIPPES__: Record<string, string>
declare const __SYNONYMES__: Record<string, string>

/** lunr (Material's search worker loads it before our French search): an untyped library. */
declare const lunr: any
