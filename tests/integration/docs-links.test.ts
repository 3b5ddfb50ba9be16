import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The README is the front door and docs/ holds the rest: every relative link between them must
 * lead somewhere (the file, and the heading when the link names one, by GitHub's heading slugs),
 * every `npm run` command they give must be a script of package.json, and the README must stay
 * short enough to read at a glance.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const README = join(ROOT, "README.md");
const README_MAX_BYTES = 12 * 1024;
const README_MAX_LINES = 110;
const TABLE_CELL_MAX_CHARS = 300;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

const FILES = [README, ...markdownFiles(join(ROOT, "docs"))];
const read = (path: string) => readFileSync(path, "utf8");

/** The lines of a Markdown file outside fenced code blocks. */
function proseLines(text: string): string[] {
  let fence: string | null = null;
  return text.split("\n").filter((line) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (opening && (fence === null || opening.startsWith(fence))) {
      fence = fence === null ? opening : null;
      return false;
    }
    return fence === null;
  });
}

/** The prose of a file with its code (fenced blocks and inline spans) removed. */
const withoutCode = (text: string) =>
  proseLines(text)
    .join("\n")
    .replace(/(`+)[^`]*?\1/g, "");

/** GitHub's anchor for a heading's text (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*~]/g, "");
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors a file offers: one per heading (repeats get -1, -2, … as on GitHub), and HTML ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = slugOf(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  }
  return anchors;
}

/** The link targets of a Markdown text: inline links and images, and reference definitions. */
function linksOf(text: string): string[] {
  const prose = withoutCode(text);
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const references = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)].map((m) => m[1]);
  return [...inline, ...references];
}

/** Why a relative link of `from` does not resolve, or null when it does (or is not relative). */
function brokenLink(from: string, target: string, readFile: (path: string) => string = read): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return null;
  const hash = target.indexOf("#");
  const pathPart = hash === -1 ? target : target.slice(0, hash);
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  const path =
    pathPart === "" ? from : pathPart.startsWith("/") ? join(ROOT, pathPart) : resolve(dirname(from), decodeURIComponent(pathPart));
  if (!existsSync(path)) return "no such file";
  if (anchor === null || anchor === "") return null;
  if (!path.endsWith(".md")) return null;
  return anchorsOf(readFile(path)).has(anchor.toLowerCase()) ? null : `no heading #${anchor}`;
}

/** The table cells of a Markdown text (outside code), split on unescaped pipes. */
function tableCells(text: string): string[] {
  return proseLines(text)
    .filter((line) => line.trimStart().startsWith("|"))
    .flatMap((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, "")
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

describe("the README and docs/", () => {
  it("have no relative link that leads nowhere", () => {
    const broken = FILES.flatMap((file) =>
      linksOf(read(file)).flatMap((target) => {
        const why = brokenLink(file, target);
        return why ? [`${relative(ROOT, file)}: (${target}) ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("link every file under docs/ from the README or another doc", () => {
    const linked = new Set(
      FILES.flatMap((file) =>
        linksOf(read(file))
          .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
          .map((target) => resolve(dirname(file), decodeURIComponent(target.split("#")[0] || relative(dirname(file), file)))),
      ),
    );
    const unlinked = FILES.filter((file) => file !== README && !linked.has(file)).map((file) => relative(ROOT, file));
    expect(unlinked).toEqual([]);
  });

  it("give only `npm run` commands that package.json has", () => {
    const scripts = Object.keys(JSON.parse(read(join(ROOT, "package.json"))).scripts);
    const missing = FILES.flatMap((file) =>
      [...read(file).matchAll(/npm run ([\w:-]+)(?![\w:<*{-])/g)]
        .map((match) => match[1])
        .filter((name) => !scripts.includes(name))
        .map((name) => `${relative(ROOT, file)}: npm run ${name}`),
    );
    expect(missing).toEqual([]);
    expect(scripts).toEqual(expect.arrayContaining(["start", "test"]));
  });
});

describe("the README", () => {
  const text = read(README);

  it(`is at most ${README_MAX_BYTES} bytes`, () => {
    expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it(`is at most ${README_MAX_LINES} lines`, () => {
    expect(text.trimEnd().split("\n").length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it(`has no table cell over ${TABLE_CELL_MAX_CHARS} characters`, () => {
    const long = tableCells(text).filter((cell) => cell.length > TABLE_CELL_MAX_CHARS);
    expect(long).toEqual([]);
  });
});

describe("GitHub heading anchors", () => {
  it.each([
    ["Sessions end everywhere", "sessions-end-everywhere"],
    ["A yard's last entry", "a-yards-last-entry"],
    ["`user_history`", "user_history"],
    ["bench:upload", "benchupload"],
    ["Pages and API", "pages-and-api"],
    ["Cancel leads to the user's own dashboard; there is no `/home`", "cancel-leads-to-the-users-own-dashboard-there-is-no-home"],
  ])("%s → #%s", (heading, slug) => {
    expect(slugOf(heading)).toBe(slug);
  });

  it("number a repeated heading", () => {
    expect([...anchorsOf("# Before\n\n## Before\n\n```\n# not a heading\n```\n")]).toEqual(["before", "before-1"]);
  });

  it("find a broken file and a broken anchor", () => {
    const fake = (path: string) => (path.endsWith("security.md") ? "# Security\n\n## CSRF\n" : "");
    expect(brokenLink(README, "docs/nowhere.md", fake)).toBe("no such file");
    expect(brokenLink(README, "docs/security.md#csrf", fake)).toBeNull();
    expect(brokenLink(README, "docs/security.md#cors", fake)).toBe("no heading #cors");
    expect(brokenLink(README, "https://example.com/x.md#y", fake)).toBeNull();
  });
});
