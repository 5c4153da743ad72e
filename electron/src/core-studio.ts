/**
 * The core's studio entry (`decorest/studio`, CONTRACT §8) as the main process uses it.
 */
import type { Studio, StudioOptions } from 'decorest/studio';

export type { Studio, StudioOptions };

/**
 * Loads `startStudio` at run time rather than as a static import: a core that is missing or
 * broken (not built, a failed build) then becomes the window's error page instead of a main
 * process that dies before it can show anything.
 */
export async function loadStartStudio(): Promise<(options: StudioOptions) => Promise<Studio>> {
  const mod: Partial<typeof import('decorest/studio')> &
    Pick<typeof import('decorest/studio'), 'startStudio'> = await import('decorest/studio');
  return async (options) => {
    const studio = await mod.startStudio(options);
    // As `decorest studio` does (issue 27): the project's load leaves garbage an idle studio
    // would hold until its first client; one collection shortly after returns it.
    mod.collectStartGarbageSoon?.();
    return studio;
  };
}
