import { defineLander } from '../define.ts'

// Variant 'a' is the control; 'b' tries another headline and image. /landers/adultonly/<variant> shows one.
export default defineLander({
  variants: [
    { id: 'a', weight: 50 },
    { id: 'b', weight: 50, image: 'hero-b' },
  ],
})
