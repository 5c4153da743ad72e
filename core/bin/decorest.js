#!/usr/bin/env node
import { statSync } from 'node:fs';

// The bundled CLI (core/build.mjs) starts faster; it is used only while it is newer than the
// last compile, so a plain `tsc -b core` after an edit never runs stale code.
const bundle = new URL('../dist/bundle/main.js', import.meta.url);
const compiled = new URL('../dist/.tsbuildinfo', import.meta.url);
const modifiedMs = (url) => statSync(url, { throwIfNoEntry: false })?.mtimeMs ?? -1;
const bundled = modifiedMs(bundle) >= modifiedMs(compiled) && modifiedMs(compiled) !== -1;

const { main } = await import(bundled ? bundle.href : '../dist/cli/main.js');
process.exitCode = await main(process.argv.slice(2));
