/**
 * What a built chunk imports, read from its code: the bench follows a page's static imports, and
 * the deploy gathers the functions' chunks, on demand ones included.
 */

/**
 * Specifiers of a built chunk's static imports and re-exports (`import{a}from"./x.js"`,
 * `import"./x.js"`, `export*from"./x.js"`). Import declarations are only legal at the top level of
 * a module, so any match is one; `import("./x.js")` and `import.meta` do not match because a
 * declaration's specifier follows `import` or `from` directly as a quoted string.
 */
export function staticImports(code: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /(?<![\w$.])import\s*(?:[\w$\s{},*]+?\bfrom\s*)?["']([^"'\n]+)["']/g,
    /(?<![\w$.])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[\w$\s,]*\})\s*from\s*["']([^"'\n]+)["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) if (match[1]) specifiers.push(match[1]);
  }
  return specifiers;
}

/** Specifiers of a built chunk's imports on demand (`import("./x.js")`), literal ones only. */
export function dynamicImports(code: string): string[] {
  return [...code.matchAll(/(?<![\w$.])import\(\s*["']([^"'\n]+)["']\s*\)/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
}
