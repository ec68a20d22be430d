import { expect, test } from './support/test';

test.describe('at phone width without JavaScript', () => {
  test.use({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });

  test('the menu button shows the same links and works by keyboard', async ({ page }) => {
    await page.goto('/');
    const desktopNav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(desktopNav).toBeHidden();
    const menu = page.locator('details[data-mobile-menu] > summary');
    await expect(menu).toHaveAttribute('aria-label', 'Menu');
    const mobileNav = page.getByRole('navigation', { name: 'Main (mobile)' });
    await expect(mobileNav).toBeHidden();
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(mobileNav).toBeVisible();
    for (const name of ['Home', 'About', 'Strategy Analysis', 'Data Cleanup', 'Power BI Dashboards', 'Reporting Solutions', 'Portfolio', 'Blog', 'Contact', 'Free Consultation', 'Sign In', 'Sign Up']) {
      await expect(mobileNav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await mobileNav.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

});

test.describe('on desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Services dropdown opens on keyboard focus and lists the four services', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Services' });
    const submenuLink = page.getByRole('link', { name: /Strategy Analysis/ }).first();
    await expect(submenuLink).toBeHidden();
    await trigger.focus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(submenuLink).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(submenuLink).toBeFocused();
    for (const name of [/Data Cleanup/, /Power BI Dashboards/, /Reporting Solutions/]) {
      await expect(page.getByRole('link', { name }).first()).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(submenuLink).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services\/strategy_analysis$/);
  });

  test('the Services dropdown opens on hover', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Services', exact: true }).hover();
    await expect(page.getByRole('link', { name: /Reporting Solutions/ }).first()).toBeVisible();
  });

  test('the Services menu: aria-expanded and what shows agree after every hover, click, Escape and leave (issue 36)', async ({ page }) => {
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: 'Services', exact: true });
    const firstLink = page.locator('#nav-services-menu').getByRole('link').first();
    const expectOpen = async (open: boolean) => {
      await expect(trigger).toHaveAttribute('aria-expanded', String(open));
      if (open) await expect(firstLink).toBeVisible();
      else await expect(firstLink).toBeHidden();
    };
    const away = () => page.mouse.move(640, 600);
    await expectOpen(false);
    await trigger.hover();
    await expectOpen(true);
    await away();
    await expectOpen(false);
    await trigger.hover();
    await trigger.click(); // the visitor reaches for the menu the pointer opened: it stays
    await expectOpen(true);
    await away();
    await expectOpen(true);
    await trigger.click();
    await expectOpen(false);
    await away(); // the issue: the menu came back here (focus still on the button) with aria-expanded="false"
    await expectOpen(false);
    await trigger.hover();
    await expectOpen(true);
    await page.keyboard.press('Escape');
    await expectOpen(false);
    await expect(trigger).toBeFocused();
    const box = (await trigger.boundingBox())!;
    await page.mouse.move(box.x + 5, box.y + 5); // the pointer moves on inside the item: Escape's choice holds
    await expectOpen(false);
    await away();
    await expectOpen(false);
    await trigger.click();
    await expectOpen(true);
    await page.mouse.click(640, 600); // a click outside closes it
    await expectOpen(false);
  });

  test('the Services dropdown opens on keyboard focus without JavaScript too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Services' }).focus();
    await expect(page.getByRole('link', { name: /Data Cleanup/ }).first()).toBeVisible();
    await context.close();
  });

  test('the header marks the current page', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  });

  test('the footer has the four groups of the spec (and, issue 19, the embed page under Resources)', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const groups: Record<string, string[]> = {
      Company: ['/about', '/our_story', '/career', '/press'],
      Resources: ['/blog', '/case_studies', '/white_papers', '/documentation', '/embed'],
      Support: ['/help_center', '/contact', '/24_7_support', '/training'],
      Legal: ['/frequently_asked_questions', '/imprint', '/privacy_policy', '/terms_and_conditions'],
    };
    for (const [name, hrefs] of Object.entries(groups)) {
      const group = footer.getByRole('navigation', { name });
      const links = group.getByRole('link');
      await expect(links).toHaveCount(hrefs.length);
      expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(hrefs);
    }
  });
});
