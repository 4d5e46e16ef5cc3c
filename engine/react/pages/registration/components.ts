/**
 * The registration area's named components (`registration#<Name>`), merged into ENGINE_COMPONENTS. Each is
 * loaded on demand (lazyNamed) so that no other screen pays for it.
 */
import type { ComponentType } from 'react';
import type { RendererProps } from '../../registry/registry.ts';

export const REGISTRATION_COMPONENTS: Readonly<Record<string, ComponentType<RendererProps>>> = {};
