/** A page or plugin screen that names a component (`auth#Login`, `grid#Grid`): draws that component. */
import { useRegistry } from '../registry/RegistryProvider.tsx';
import type { ComponentType } from 'react';
import type { Registry, RendererProps } from '../registry/registry.ts';
import { screenComponent } from '../screen-extras.ts';
import { UnknownRenderer } from './UnknownRenderer.tsx';

/** The component a screen names. */
export function namedComponent(
  screen: RendererProps['screen'],
  components: Registry['components'],
): ComponentType<RendererProps> | undefined {
  const name = screenComponent(screen);
  return name ? components[name] : undefined;
}

export function ComponentRenderer(props: RendererProps) {
  const { components } = useRegistry();
  const Component = namedComponent(props.screen, components);
  return Component ? <Component {...props} /> : <UnknownRenderer {...props} />;
}
