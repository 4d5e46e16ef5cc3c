/**
 * The admission area's named components (`admission#<Name>`), merged into ENGINE_COMPONENTS. Each is
 * loaded on demand (lazyNamed) so that no other screen pays for it.
 */
import type { ComponentType } from 'react';
import type { RendererProps } from '../../registry/registry.ts';

export const ADMISSION_COMPONENTS: Readonly<Record<string, ComponentType<RendererProps>>> = {};
