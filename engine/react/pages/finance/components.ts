/**
 * The finance area's named components (`finance#<Name>`), merged into ENGINE_COMPONENTS. Each is
 * loaded on demand (lazyNamed) so that no other screen pays for it. They exist for what YAML
 * cannot say: sending the browser to the payment provider's hosted page, and choosing a payment
 * option per installment.
 */
import type { ComponentType } from 'react';
import { lazyNamed } from '../../lazy.ts';
import type { RendererProps } from '../../registry/registry.ts';

const ChargeCreditPage = lazyNamed(() => import('./ChargeCreditPage.tsx'), 'ChargeCreditPage');
const PaymentOptionsPage = lazyNamed(() => import('./PaymentOptionsPage.tsx'), 'PaymentOptionsPage');
const PaymentInfoPage = lazyNamed(() => import('./PaymentInfoPage.tsx'), 'PaymentInfoPage');

export const FINANCE_COMPONENTS: Readonly<Record<string, ComponentType<RendererProps>>> = {
  'finance#ChargeCredit': ChargeCreditPage,
  'finance#PaymentOptions': PaymentOptionsPage,
  'finance#PaymentInfo': PaymentInfoPage,
};
