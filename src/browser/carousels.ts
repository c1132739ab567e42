import Swiper from 'swiper';
import { A11y, Autoplay, EffectCoverflow, Keyboard, Navigation, Pagination } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';
// Swiper's styles come with the markup (components/common/Carousel.astro), in the page's own stylesheet

/** Options of a carousel, set on Carousel.astro and read here from data-options. */
export interface CarouselOptions {
  autoplay?: number;
  speed?: number;
  loop?: boolean;
  direction?: 'horizontal' | 'vertical';
  effect?: 'slide' | 'coverflow';
  slidesPerView?: number | 'auto';
  breakpoints?: Record<number, { slidesPerView: number; spaceBetween?: number }>;
  spaceBetween?: number;
  centeredSlides?: boolean;
  /** Show clickable bullets. */
  pagination?: boolean;
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Starts one [data-carousel] (markup from components/common/Carousel.astro; every one of a page is
 * started by carousels-after-load.ts): autoplay that pauses on hover and on keyboard focus, a pause
 * button, arrows, keyboard, and Swiper's a11y announcements. Swiper locks itself during an
 * animation. The carousel gets data-ready once it works.
 */
export function startCarousel(el: HTMLElement): Swiper {
  const o = JSON.parse(el.dataset.options ?? '{}') as CarouselOptions;
  const a11y = JSON.parse(el.dataset.a11y ?? '{}') as Partial<Record<'prev' | 'next' | 'first' | 'last' | 'bullet', string>>;
  const slides = el.querySelectorAll('.swiper-slide').length;
  const options: SwiperOptions = {
    modules: [A11y, Autoplay, EffectCoverflow, Keyboard, Navigation, Pagination],
    direction: o.direction ?? 'horizontal',
    speed: o.speed ?? 500,
    loop: (o.loop ?? false) && slides > 1,
    effect: o.effect ?? 'slide',
    slidesPerView: o.slidesPerView ?? 1,
    spaceBetween: o.spaceBetween ?? 0,
    centeredSlides: o.centeredSlides ?? false,
    breakpoints: o.breakpoints,
    watchSlidesProgress: true,
    keyboard: { enabled: true, onlyInViewport: true },
    // Swiper's announcements in the page's language (its defaults are English); {{index}} is Swiper's own placeholder
    a11y: {
      enabled: true,
      containerMessage: el.getAttribute('aria-label') ?? undefined,
      prevSlideMessage: a11y.prev,
      nextSlideMessage: a11y.next,
      firstSlideMessage: a11y.first,
      lastSlideMessage: a11y.last,
      paginationBulletMessage: a11y.bullet,
    },
    navigation: { prevEl: el.querySelector<HTMLElement>('.carousel-prev'), nextEl: el.querySelector<HTMLElement>('.carousel-next') },
    pagination: o.pagination ? { el: el.querySelector<HTMLElement>('.carousel-pagination'), clickable: true } : false,
    coverflowEffect: { rotate: 0, stretch: 0, depth: 160, modifier: 1, slideShadows: false },
    autoplay: o.autoplay && !reducedMotion() && slides > 1 ? { delay: o.autoplay, pauseOnMouseEnter: true, disableOnInteraction: false } : false,
  };
  const swiper = new Swiper(el.querySelector<HTMLElement>('.swiper')!, options);
  const pause = el.querySelector<HTMLButtonElement>('.carousel-pause');
  if (pause) {
    let userPaused = !swiper.autoplay?.running;
    const render = () => {
      pause.setAttribute('aria-pressed', String(userPaused));
      pause.querySelector('.sr-only')!.textContent = userPaused ? pause.dataset.labelPlay! : pause.dataset.labelPause!;
      el.classList.toggle('is-paused', userPaused);
    };
    render();
    pause.addEventListener('click', () => {
      userPaused = !userPaused;
      if (userPaused) swiper.autoplay.stop();
      else swiper.autoplay.start();
      render();
    });
    // Keyboard users reading a slide are not hurried: focus inside pauses, leaving resumes.
    el.addEventListener('focusin', () => !userPaused && swiper.autoplay.pause());
    el.addEventListener('focusout', (event) => {
      if (!userPaused && !el.contains(event.relatedTarget as Node | null)) swiper.autoplay.resume();
    });
  }
  el.dataset.ready = ''; // started: autoplay, pause, arrows and keyboard work (tests wait for it)
  return swiper;
}
