// The little of jsdom the TikZ sanitiser uses. @types/jsdom is not used: it pulls the DOM library into the
// whole API's types (and breaks Node's Blob types in the tests).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: {
      document: {
        createElementNS(
          namespace: string,
          name: string,
        ): { textContent: string | null; append(...nodes: unknown[]): void };
      };
      XMLSerializer: new () => { serializeToString(node: unknown): string };
    };
  }
}
