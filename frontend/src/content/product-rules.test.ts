import { buildProduct } from "@rsv/api/factories";
import { describe, expect, it } from "vitest";
import { pickProducts, productRules } from "./product-rules.js";

const plain = (count: number) => Array.from({ length: count }, (_, i) => buildProduct({ name: `Plain ${i}` }));

describe("landing page product rules", () => {
  it("athletes: bestFor athlete/exercise/performance first, then features bioavailable/absorption/muscle; at most 6, no fallback", () => {
    const runner = buildProduct({ name: "Runner", bestFor: "Endurance ATHLETES" });
    const gym = buildProduct({ name: "Gym", bestFor: "Exercise recovery" });
    const absorbed = buildProduct({ name: "Absorbed", features: ["Liposomal for better absorption"] });
    const muscle = buildProduct({ name: "Muscle", features: ["Supports muscle energy"] });
    const benefitOnly = buildProduct({ name: "Benefit only", benefits: ["Muscle support"] });
    const catalogue = [...plain(2), absorbed, runner, gym, benefitOnly, muscle];
    expect(pickProducts(catalogue, productRules.athletes).map((p) => p.name)).toEqual([
      "Runner",
      "Gym",
      "Absorbed",
      "Muscle",
    ]);
    expect(pickProducts(plain(3), productRules.athletes)).toEqual([]);
    const many = Array.from({ length: 9 }, (_, i) => buildProduct({ name: `Pro ${i}`, bestFor: "Performance" }));
    expect(pickProducts(many, productRules.athletes)).toHaveLength(6);
  });

  it("eye: eye/vision/macular/retina, at most 6, else the first 6", () => {
    const macular = buildProduct({ name: "Macular", bestFor: "Macular health" });
    const vision = buildProduct({ name: "Vision", features: ["Vision support blend"] });
    expect(pickProducts([...plain(3), macular, vision], productRules.eye).map((p) => p.name)).toEqual([
      "Macular",
      "Vision",
    ]);
    const fallback = pickProducts(plain(8), productRules.eye);
    expect(fallback.map((p) => p.name)).toEqual(plain(6).map((_, i) => `Plain ${i}`));
  });

  it("recognises the Spanish text Spanish visitors receive", () => {
    const deportista = buildProduct({ name: "Deportista", bestFor: "Deportistas y personas activas" });
    const absorcion = buildProduct({ name: "Absorción", features: ["Con piperina para mejorar la absorción"] });
    const ojos = buildProduct({ name: "Ojos", bestFor: "Apoyo a la salud ocular y la visión" });
    const frutos = buildProduct({ name: "Frutos", features: ["Con frutos rojos"] });
    const catalogue = [...plain(2), frutos, deportista, absorcion, ojos];
    expect(pickProducts(catalogue, productRules.athletes).map((p) => p.name)).toEqual(["Deportista", "Absorción"]);
    expect(pickProducts([absorcion, deportista], productRules.athletic).map((p) => p.name)).toEqual(["Deportista"]);
    expect(pickProducts(catalogue, productRules.eye).map((p) => p.name)).toEqual(["Ojos"]);
  });

  it("skin and athletic performance feature one product: the first match, else the first product", () => {
    const skin = buildProduct({ name: "Glow", bestFor: "Skin and hair" });
    expect(pickProducts([...plain(2), skin], productRules.skin).map((p) => p.name)).toEqual(["Glow"]);
    expect(pickProducts(plain(2), productRules.skin).map((p) => p.name)).toEqual(["Plain 0"]);
    const athlete = buildProduct({ name: "Sprint", bestFor: "Athletes" });
    expect(pickProducts([...plain(2), athlete], productRules.athletic).map((p) => p.name)).toEqual(["Sprint"]);
    expect(pickProducts([], productRules.athletic)).toEqual([]);
  });
});
