/**
 * The CDK app (cdk.json runs it): one `Cutplan` stack, built from the bundles in `dist/`. Settings come
 * from CDK context; see `context.ts` and docs/deploy.md.
 */
import { App } from 'aws-cdk-lib';
import { readContext } from './context.ts';
import { CutplanStack } from './stack.ts';

const app = new App();
new CutplanStack(app, 'Cutplan', {
  description: 'cutplan: cutting-plan optimisation API (REST API, Lambda, DynamoDB)',
  ...readContext((key) => app.node.tryGetContext(key)),
});
app.synth();
