import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { currentPath, renderScreen } from '@/test/render-screen.tsx';
import { MobilePage } from './mobile-page.tsx';
import { PrivacyPage } from './privacy-page.tsx';
import { StudioPage } from './studio-page.tsx';

const guest = () => fakeApi({ userInfo: { result: 'guest' } });

function expectWayBack() {
  const back = screen.getByRole('link', { name: /Back to Jotto/ });
  expect(back.getAttribute('href')).toBe('/');
  fireEvent.click(back);
  expect(currentPath()).toBe('/');
}

describe('StudioPage', () => {
  it.each(['/company', '/nomostudios'])('shows the studio info at %s', (path) => {
    guest();
    renderScreen(<StudioPage />, { path });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nomo Studios');
    screen.getByText('An app development studio based in the USA.');
    const support = screen.getByRole('link', { name: 'support@nomostudios.com' });
    expect(support.getAttribute('href')).toBe('mailto:support@nomostudios.com');
    expect(support.parentElement!.textContent).toBe('Support: support@nomostudios.com');
    screen.getByText(/© 2018 Nomo Studios/);
    expectWayBack();
  });
});

describe('PrivacyPage', () => {
  it('has every section of the policy, in order', () => {
    guest();
    renderScreen(<PrivacyPage />, { path: '/privacy' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Information Collection and Use',
      'Log Data',
      'Cookies',
      'Service Providers',
      'Security',
      'Links to Other Sites',
      "Children's Privacy",
      'Changes to This Privacy Policy',
      'Contact Us',
    ]);
  });

  it('names the play-services, ads and crash-reporting services', () => {
    guest();
    renderScreen(<PrivacyPage />, { path: '/privacy' });
    const services = screen
      .getByRole('heading', { name: 'Service Providers' })
      .parentElement!.querySelectorAll('li');
    const names = [...services].map((li) => li.textContent);
    expect(names).toEqual(
      expect.arrayContaining([
        'Google Play Services (play services)',
        'AdMob (ads)',
        'Firebase Crashlytics (crash reporting)',
      ]),
    );
  });

  it('covers children under 13 and gives a contact', () => {
    guest();
    renderScreen(<PrivacyPage />, { path: '/privacy' });
    screen.getByText(/not directed to anyone under the age of 13/);
    expect(screen.getByRole('link', { name: 'support@nomostudios.com' }).getAttribute('href')).toBe(
      'mailto:support@nomostudios.com',
    );
    expectWayBack();
  });
});

describe('MobilePage', () => {
  it("is titled 'Mobile', says 'Mobile app' and invites to check out the app", () => {
    guest();
    renderScreen(<MobilePage />, { path: '/mobile' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mobile');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Mobile app');
    screen.getByText(/Check out the Jotto mobile app/);
    const badges = within(screen.getByRole('main')).getByRole('list', { name: 'Mobile app' });
    expect(badges.textContent).toContain('App Store');
    expect(badges.textContent).toContain('Google Play');
    // No store addresses are configured in tests: the badges are not links anywhere.
    expect(within(badges).queryAllByRole('link')).toHaveLength(0);
    expectWayBack();
  });
});
