/**
 * Every component's stylesheet, imported once by the root layout, so that the whole site's CSS is one
 * file: about 9 KB gzip for all pages together, less than the home page alone loaded in two files when
 * each layout and page had its own. One render-blocking request on the first visit, cached for every
 * page after it; a client-side navigation never waits for a stylesheet. Components still import their
 * module for its class names; tests/styles.test.ts fails when a module is missing here.
 *
 * Order is the cascade's: the fonts and the base (tokens, plain elements) first, then the shared
 * building blocks (ui), so that a component's own class that refines a button or card wins over it at
 * equal specificity.
 */
import '@/components/layout/Fonts.module.css';
import '@/components/layout/Base.module.css';
import '@/components/ui/Container.module.css';
import '@/components/ui/Button.module.css';
import '@/components/ui/Card.module.css';
import '@/components/ui/Pager.module.css';
import '@/components/blog/Blog.module.css';
import '@/components/business/Business.module.css';
import '@/components/careers/Careers.module.css';
import '@/components/chooser/LocaleChooser.module.css';
import '@/components/consent/Consent.module.css';
import '@/components/content/Breadcrumbs.module.css';
import '@/components/content/Layout.module.css';
import '@/components/content/PageHeader.module.css';
import '@/components/content/PrevNext.module.css';
import '@/components/content/Prose.module.css';
import '@/components/content/Search.module.css';
import '@/components/errors/ErrorPanel.module.css';
import '@/components/faq/Faq.module.css';
import '@/components/forms/Form.module.css';
import '@/components/home/Home.module.css';
import '@/components/layout/Footer.module.css';
import '@/components/layout/Header.module.css';
import '@/components/payments/Payments.module.css';
import '@/components/payments/Checkout.module.css';
import '@/components/product/Product.module.css';
import '@/components/product/Tour.module.css';
import '@/components/sections/CtaBand.module.css';
import '@/components/sections/FeatureGrid.module.css';
import '@/components/sections/Hero.module.css';
import '@/components/sections/Section.module.css';
import '@/components/sections/Split.module.css';
import '@/components/sections/Steps.module.css';
