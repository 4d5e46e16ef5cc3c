/** A page or plugin screen that names a component (`auth#Login`, `grid#Grid`): draws that component. */
import { useRegistry } from '../registry/RegistryProvider.tsx';
import type { ComponentType } from 'react';
import type { Registry, RendererProps } from '../registry/registry.ts';
import { screenComponent } from '../screen-extras.ts';
import { SCREEN_COMPONENTS } from '../components.ts';
import { UnknownRenderer } from './UnknownRenderer.tsx';

/** The component a screen names, or the one mapped to it in SCREEN_COMPONENTS. */
export function namedComponent(screen: RendererProps['screen'], components: Registry['components']): ComponentType<RendererProps> | undefined {
  const name = screenComponent(screen) ?? SCREEN_COMPONENTS[screen.name];
  return name ? components[name] : undefined;
}

export function ComponentRenderer(props: RendererProps) {
  const { components } = useRegistry();
  const Component = namedComponent(props.screen, components);
  return Component ? <Component {...props} /> : <UnknownRenderer {...props} />;
}
