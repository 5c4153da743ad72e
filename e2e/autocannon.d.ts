/** The slice of autocannon's API the traffic burst uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
  }
  interface Result {
    requests: { total: number; average: number };
    duration: number;
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
