/** A page or plugin screen that names a component (`auth#Login`, `grid#Grid`): draws that component. */
import { useRegistry } from '../registry/RegistryProvider.tsx';
import type { RendererProps } from '../registry/registry.ts';
import { screenComponent } from '../screen-extras.ts';
import { SCREEN_COMPONENTS } from '../components.ts';
import { UnknownRenderer } from './UnknownRenderer.tsx';

export function ComponentRenderer(props: RendererProps) {
  const { components } = useRegistry();
  const name = screenComponent(props.screen) ?? SCREEN_COMPONENTS[props.screen.name];
  const Component = name ? components[name] : undefined;
  return Component ? <Component {...props} /> : <UnknownRenderer {...props} />;
}
