// `node scripts/check-messages.mjs`: the message catalogues agree. Every English key is in every
// language with the same arguments and tags, no language has a key English lacks, every message is
// valid ICU MessageFormat, and every key is used by the code of its namespace. Keys are literal at
// their call site (`t('key')`), so "used" means: the key appears as a string literal in a file that
// uses the namespace's `defineMessages` constant. Exits 1 with the list of problems.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { root } from './lib.mjs';

const MESSAGES_DIR = join(root, 'client', 'i18n', 'messages');
const SOURCE_LOCALE = 'en';
/** Namespaces keyed by API error code: English is the server's wording, so only translations exist. */
const CODE_KEYED = new Set(['errors']);

const problems = [];
const locales = readdirSync(MESSAGES_DIR).sort();
const namespacesOf = (locale) =>
  readdirSync(join(MESSAGES_DIR, locale))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));

function readCatalogue(locale, namespace) {
  const file = join(MESSAGES_DIR, locale, `${namespace}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`${relative(root, file)}: not valid JSON (${error.message})`);
    return {};
  }
}

/** The argument and tag names a message uses: a translation must use the same. */
function signatureOf(elements, into = new Set()) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.type === TYPE.tag ? `<${element.value}>` : `{${element.value}}`);
    if (element.type === TYPE.tag) signatureOf(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) signatureOf(option.value, into);
    }
  }
  return into;
}

function parsed(locale, namespace, key, message) {
  if (typeof message !== 'string') {
    problems.push(`${locale}/${namespace}.json: "${key}" is not a string`);
    return null;
  }
  try {
    return parse(message);
  } catch (error) {
    problems.push(`${locale}/${namespace}.json: "${key}" is not valid ICU (${error.message})`);
    return null;
  }
}

const sorted = (set) => [...set].sort().join(' ');

const sourceNamespaces = namespacesOf(SOURCE_LOCALE);
for (const locale of locales.filter((l) => l !== SOURCE_LOCALE)) {
  const namespaces = namespacesOf(locale);
  for (const namespace of namespaces) {
    if (!sourceNamespaces.includes(namespace) && !CODE_KEYED.has(namespace)) {
      problems.push(`${locale}/${namespace}.json: no English ${namespace}.json`);
    }
  }
  for (const namespace of sourceNamespaces) {
    if (!namespaces.includes(namespace)) problems.push(`${locale}/${namespace}.json: missing`);
  }
}

for (const namespace of sourceNamespaces) {
  const source = readCatalogue(SOURCE_LOCALE, namespace);
  for (const locale of locales.filter((l) => l !== SOURCE_LOCALE)) {
    if (!namespacesOf(locale).includes(namespace)) continue;
    const translation = readCatalogue(locale, namespace);
    for (const key of Object.keys(source)) {
      if (!Object.hasOwn(translation, key)) problems.push(`${locale}/${namespace}.json: missing "${key}"`);
    }
    for (const [key, message] of Object.entries(translation)) {
      if (!Object.hasOwn(source, key)) {
        problems.push(`${locale}/${namespace}.json: "${key}" is not an English key`);
        continue;
      }
      const english = parsed(SOURCE_LOCALE, namespace, key, source[key]);
      const translated = parsed(locale, namespace, key, message);
      if (english && translated) {
        const [want, got] = [sorted(signatureOf(english)), sorted(signatureOf(translated))];
        if (want !== got) {
          problems.push(
            `${locale}/${namespace}.json: "${key}" uses ${got || 'nothing'}, English ${want || 'nothing'}`,
          );
        }
      }
    }
  }
}

for (const namespace of CODE_KEYED) {
  const [first, ...others] = locales.filter(
    (l) => l !== SOURCE_LOCALE && namespacesOf(l).includes(namespace),
  );
  if (!first) continue;
  const keys = sorted(new Set(Object.keys(readCatalogue(first, namespace))));
  for (const locale of others) {
    if (sorted(new Set(Object.keys(readCatalogue(locale, namespace)))) !== keys) {
      problems.push(`${locale}/${namespace}.json: its codes differ from ${first}/${namespace}.json`);
    }
  }
  for (const locale of [first, ...others]) {
    for (const [key, message] of Object.entries(readCatalogue(locale, namespace)))
      parsed(locale, namespace, key, message);
  }
}

// Where each namespace is used: the module that defines it, then every file naming its constant.
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const files = [...sourceFiles(join(root, 'client')), ...sourceFiles(join(root, 'common'))].map((path) => ({
  path,
  text: readFileSync(path, 'utf8'),
}));
const DEFINITION = /export const (\w+) = defineMessages\(\s*'([^']+)',\s*(\w+)\s*\)/g;
const literalsOf = (text) =>
  new Set([...text.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g)].map((m) => m[1] ?? m[2]));

for (const namespace of sourceNamespaces) {
  const importer = files.filter(({ text }) => text.includes(`i18n/messages/en/${namespace}.json'`));
  if (importer.length !== 1) {
    problems.push(
      `en/${namespace}.json: imported by ${importer.length} modules (one defines each namespace)`,
    );
    continue;
  }
  const definitions = [...importer[0].text.matchAll(DEFINITION)];
  const definition = definitions.find((match) => match[2] === namespace);
  if (!definition) {
    problems.push(
      `${relative(root, importer[0].path)}: defines no namespace named '${namespace}' for en/${namespace}.json`,
    );
    continue;
  }
  const constant = new RegExp(`\\b${definition[1]}\\b`);
  const used = new Set();
  for (const { text } of files.filter(({ text }) => constant.test(text))) {
    for (const literal of literalsOf(text)) used.add(literal);
  }
  for (const key of Object.keys(readCatalogue(SOURCE_LOCALE, namespace))) {
    if (!used.has(key)) problems.push(`en/${namespace}.json: "${key}" is not used`);
  }
}

if (problems.length > 0) {
  console.error(`Message catalogues: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log(`Message catalogues: ${sourceNamespaces.length} namespaces in ${locales.join(', ')} agree`);
}
