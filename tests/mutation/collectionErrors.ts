/**
 * Vitest reporter for mutation runs. A mutant that makes a test file fail to load (a machine that no
 * longer builds, a walk generator that throws while collecting paths) leaves that file with no tests;
 * Stryker's vitest runner would then see no failing test and call the mutant survived. Reporting the
 * load failure as an unhandled error makes Stryker classify the run as an error instead.
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export default class CollectionErrors implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    for (const module of testModules) {
      const errors = module.errors();
      if (module.state() === 'failed' && errors.length && ![...module.children.allTests()].length) {
        // Serialised errors may have no prototype: hand Stryker a real Error it can print.
        for (const error of errors) {
          this.vitest?.state.catchError(
            new Error(`${module.moduleId} failed to load: ${String(error.message)}`),
            'Collection Error',
          );
        }
      }
    }
  }
}
