import { useContext } from 'react';
import { afterEach, describe, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { stubMatchMedia } from '../test/match-media';
import { createQueryClient, Providers } from './providers';

/** A system that asks, or not, for reduced motion, as far as matchMedia goes. */
function prefersReducedMotion(reduce: boolean) {
  stubMatchMedia((query) => reduce && query === '(prefers-reduced-motion: reduce)');
}

function MotionTokens() {
  const { token } = theme.useToken();
  const { wave } = useContext(ConfigProvider.ConfigContext);
  return <p>{`motion ${String(token.motion)}, ${token.motionDurationMid}, wave ${wave?.disabled ? 'off' : 'on'}`}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('Providers', () => {
  it('turns antd motion and the click ripple off when the system asks for reduced motion', () => {
    prefersReducedMotion(true);
    render(<Providers queryClient={createQueryClient()}><MotionTokens /></Providers>);
    screen.getByText('motion false, 0s, wave off');
  });

  it('keeps antd motion otherwise', () => {
    prefersReducedMotion(false);
    render(<Providers queryClient={createQueryClient()}><MotionTokens /></Providers>);
    screen.getByText('motion true, 0.2s, wave on');
  });
});
