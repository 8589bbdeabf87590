/**
 * Which links the popover may hand to the system browser, and what it tells the user first. Kept apart
 * from sanitize.ts so buttons for homework links and attachments do not pull DOMPurify into the first load.
 *
 * The rules of `shell:open-external` are the contract's (`webLinkProblem` in common/text.ts), so the
 * popover refuses what main would refuse, with the same words, without a round trip. On top, a link whose
 * text shows one address and whose target is another (issue 15 §3: `<a href="https://evil.example/">
 * www.bbc.co.uk</a>`, or a school's mail filter wrapping every link) is opened only once the user has seen
 * where it really goes.
 */
import { WEB_LINK_REFUSALS, webLinkProblem, type WebLinkProblem } from '../../common/text';

/** Links in school HTML keep only http(s) (what `shell:open-external` accepts); javascript:, data:, file:,
 * mailto: and relative links lose their href and stay as text. */
export const SAFE_LINK = /^https?:/i;

/**
 * What the popover does with a link:
 * - `open`: open `url` (normalised by the URL parser) in the browser; `host` is where it goes;
 * - `confirm`: the link's text shows the address `shown`, but it goes to `host`: ask first;
 * - `refuse`: never open; `problem` and `message` say why (a sentence fit to show once it was clicked),
 *   `host` is where it would have gone when that is known (a link with credentials in it).
 */
export type LinkVerdict =
  | { kind: 'open'; url: string; host: string }
  | { kind: 'confirm'; url: string; host: string; shown: string }
  | { kind: 'refuse'; problem: WebLinkProblem; message: string; host: string | null };

/**
 * Judges a link before it opens: `href` as the school sent it (trimmed here), `text` what the link shows
 * (its text, or a homework link's label). Pure; never throws; reads at most the first 2,048 characters of
 * `text`. Hosts are the URL parser's (lower case, IDN as punycode).
 */
export function judgeLink(href: string | null | undefined, text = ''): LinkVerdict {
  if (typeof href !== 'string') {
    return { kind: 'refuse', problem: 'not-web', message: WEB_LINK_REFUSALS['not-web'], host: null };
  }
  const trimmed = href.trim();
  const problem = webLinkProblem(trimmed);
  if (problem === 'credentials') {
    const host = new URL(trimmed).host;
    return { kind: 'refuse', problem, message: WEB_LINK_REFUSALS.credentials, host };
  }
  if (problem) return { kind: 'refuse', problem, message: WEB_LINK_REFUSALS[problem], host: null };
  const url = new URL(trimmed);
  const shown = shownHost(text);
  if (shown && !sameSite(shown, url.hostname))
    return { kind: 'confirm', url: url.href, host: url.host, shown };
  return { kind: 'open', url: url.href, host: url.host };
}

/**
 * Endings that make a dotted word in a link's text an address (`docs.google.com`, `bbc.co.uk`) rather than
 * a file name (`worksheet.pdf`, `notes.docx`): the common generic and country domains. A word with a scheme
 * (`https://…`) or starting `www.` is an address whatever its ending.
 */
const ADDRESS_ENDINGS = new Set(
  (
    'com org net edu gov mil int info biz io co ly me app dev gle ai uk ie us ca au nz de fr es it nl be ' +
    'ch at se no dk fi pl pt in jp cn kr br mx za eu tv fm ac sch academy school online site tech'
  ).split(' '),
);

/** A dotted host in text: labels of letters, digits and hyphens; with an optional scheme before it. */
const HOST_IN_TEXT =
  /(https?:\/\/)?((?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63})\.?(?![\p{L}\p{N}-])/iu;

/**
 * The host a link's text shows, lower case and punycoded (`www.` dropped), when the text holds an address
 * (see {@link ADDRESS_ENDINGS}); else `null`. `"Read www.BBC.co.uk/bitesize"` gives `bbc.co.uk`.
 */
export function shownHost(text: string): string | null {
  const match = HOST_IN_TEXT.exec(text.slice(0, 2048));
  if (!match) return null;
  const [, scheme, dotted = ''] = match;
  const ending = dotted.slice(dotted.lastIndexOf('.') + 1).toLowerCase();
  if (!scheme && !/^www\./i.test(dotted) && !ADDRESS_ENDINGS.has(ending)) return null;
  try {
    return withoutWww(new URL(`http://${dotted}`).hostname);
  } catch {
    return null;
  }
}

function withoutWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** The target is the shown host or one of its subdomains (`bbc.co.uk` shown, `www.bbc.co.uk` opened). */
function sameSite(shown: string, target: string): boolean {
  const host = withoutWww(target);
  return host === shown || host.endsWith(`.${shown}`);
}
