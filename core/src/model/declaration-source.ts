import type { AnyClass } from '../metadata/types.js';
import type { ClassDeclaration } from './declarations.js';

/** What schema building needs of a loaded project (the loader's `LoadedProject` fits). */
export interface DeclarationSource {
  readonly classes: readonly AnyClass[];
  siteOf(
    ctor: AnyClass,
  ): { file: string; line: number; declaration: ClassDeclaration | undefined } | undefined;
  resolveTypeName(file: string, name: string): unknown;
}
