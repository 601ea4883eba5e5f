export declare const browserWorkers: number;
export declare const serverWorkers: number;
