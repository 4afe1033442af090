// The package ships no types; this is its one function (index.js, version 0.2.x).
declare module 'jaro-winkler' {
  function distance(first: string, second: string, options?: { caseSensitive?: boolean }): number;
  export = distance;
}
