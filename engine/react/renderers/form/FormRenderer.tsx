/** The form screen kind drawn by RJSF (any form the definition language allows). */
import type { RendererProps } from '../../registry/registry.ts';
import { FormScreen } from './FormScreen.tsx';
import { FormView } from './FormView.tsx';

export function FormRenderer(props: RendererProps) {
  return <FormScreen {...props} View={FormView} />;
}
