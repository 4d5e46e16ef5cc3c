/** The form screen kind for simple flat forms (`formIsSimple`): the light view, no RJSF, no ajv. */
import type { RendererProps } from '../../registry/registry.ts';
import { FormScreen } from './FormScreen.tsx';
import { SimpleFormView } from './SimpleFormView.tsx';

export function SimpleFormRenderer(props: RendererProps) {
  return <FormScreen {...props} View={SimpleFormView} />;
}
