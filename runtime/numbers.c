/* Numbers: decimal <-> binary conversions without the C library's locale-
 * dependent functions. See numbers.h for the contract.
 *
 * Parsing (ak_parse_f64 / ak_parse_f32), decimal w * 10^q to binary:
 *   1. Scan the span once: syntax, the first 19 significant digits as an
 *      integer w, whether any non-zero digit follows them ("truncated"),
 *      and the decimal exponent q of w (64-bit, the written exponent is
 *      saturated at 10^17 so nothing can overflow).
 *   2. Clinger's fast path: w and 10^|q| both exact in the target type,
 *      one IEEE multiplication or division rounds correctly.
 *   3. An Eisel-Lemire style step: w (normalised to 64 bits) times a 128-bit
 *      truncation of 5^q gives the value with a known error bound; when no
 *      rounding boundary (a halfway point) lies within that bound, the
 *      rounded result is certain. f32 is rounded to 24 bits here directly,
 *      never through a double.
 *   4. Otherwise an exact big-integer comparison of the decimal input with
 *      the halfway point between two adjacent candidates. Only the first 800
 *      significant digits are kept, with a sticky flag for anything non-zero
 *      after them: a halfway point of a double has at most 768 significant
 *      digits (of a float at most 113), so the truncated digits and the
 *      halfway point are both multiples of the unit of the 800th digit and
 *      the comparison of the truncated value decides, with the sticky flag
 *      breaking an equality. Memory is bounded (no allocation at all).
 *
 * Shortest digits (ak_shortest_*): a Schubfach-like method. With v = c*2^q
 * and its rounding interval R (the values that parse back to v, ends
 * included iff c is even), pick k so that R is between 1 and 10 units of
 * 10^k wide; then R holds at least one integer multiple of 10^k and at most
 * one multiple of 10^(k+1). If it holds a multiple of 10^(k+1) that is the
 * unique shortest candidate; else the shortest candidates are the multiples
 * of 10^k in R, and the closer of floor(v/10^k) and that plus one is taken
 * (an exact tie goes to the even one). The three scaled bounds are computed
 * as floor(x * 2^q * 10^-k) plus an "inexact" flag from a 128-bit product
 * with a proven error bound; the rare cases where the bound cannot decide
 * the floor are settled exactly (128-bit or big-integer arithmetic).
 *
 * ak_format_g: the first P significant digits of the exact binary value,
 * rounded half-even like glibc; from the 128-bit product when its error
 * bound decides, else from the exact decimal expansion (big integers).
 *
 * The fast paths assume IEEE binary64/binary32 with FLT_EVAL_METHOD 0 and
 * the default round-to-nearest mode; everything else is integer arithmetic.
 * unsigned __int128 is required (gcc, clang). */
#include "numbers.h"

#include <float.h>
#include <string.h>

typedef unsigned __int128 u128;

/* ---------------------------------------------------------------------- */
/* Small helpers                                                           */

static inline int clz64(uint64_t x) /* x != 0 */
{
    return __builtin_clzll(x);
}

/* floor(v / 2^s) for any sign, without relying on >> of negative values */
static inline int floor_shift(int64_t v, int s)
{
    if (v >= 0)
        return (int)(v >> s);
    return (int)(-((-v - 1) >> s) - 1);
}

/* floor(log2(5^q)), exact for |q| <= 3000 (checked exhaustively) */
static inline int flog2pow5(int q)
{
    return floor_shift((int64_t)q * 1217359, 19);
}

/* floor(log10(2^q)), exact for |q| <= 1200 (checked exhaustively) */
static inline int flog10pow2(int q)
{
    return floor_shift((int64_t)q * 78913, 18);
}

/* floor(log10(3/4 * 2^q)), exact for |q| <= 1200 */
static inline int flog10threequarterspow2(int q)
{
    return floor_shift((int64_t)q * 1262611 - 524031, 22);
}

static const uint64_t pow10_u64[20] = {
    1u,
    10u,
    100u,
    1000u,
    10000u,
    100000u,
    1000000u,
    10000000u,
    100000000u,
    1000000000u,
    10000000000u,
    100000000000u,
    1000000000000u,
    10000000000000u,
    100000000000000u,
    1000000000000000u,
    10000000000000000u,
    100000000000000000u,
    1000000000000000000u,
    10000000000000000000u,
};

static const uint64_t pow5_u64[28] = {
    1u,
    5u,
    25u,
    125u,
    625u,
    3125u,
    15625u,
    78125u,
    390625u,
    1953125u,
    9765625u,
    48828125u,
    244140625u,
    1220703125u,
    6103515625u,
    30517578125u,
    152587890625u,
    762939453125u,
    3814697265625u,
    19073486328125u,
    95367431640625u,
    476837158203125u,
    2384185791015625u,
    11920928955078125u,
    59604644775390625u,
    298023223876953125u,
    1490116119384765625u,
    7450580596923828125u,
};

/* ---------------------------------------------------------------------- */
/* Powers of five, 128 bits: for q in [POW5_QMIN, POW5_QMAX],
 *   5^q = (P + d) * 2^b   with 2^127 <= P < 2^128, 0 <= d < 1,
 *   b = floor(log2(5^q)) - 127,
 * P = {hi, lo}. P is exact (d = 0) for 0 <= q <= 55 and a truncation
 * (0 < d < 1) otherwise. Generated with exact integer arithmetic, e.g. in
 * Python:
 *   for q in range(-342, 343):
 *       L = (5**abs(q)).bit_length()
 *       b = (L - 1 if q >= 0 else -L) - 127
 *       P = (5**q >> b if b >= 0 else 5**q << -b) if q >= 0 else (1 << -b) // 5**-q
 *       print("{0x%016xu, 0x%016xu}," % (P >> 64, P & (2**64 - 1)))  # and q
 * The range covers parsing (-342..308), shortest (-292..324) and %g
 * (-308..340). */
#define POW5_QMIN (-342)
#define POW5_QMAX 342
#define POW5_EXACT_MAX 55

static const uint64_t pow5_table[POW5_QMAX - POW5_QMIN + 1][2] = {
    {0xeef453d6923bd65au, 0x113faa2906a13b3fu}, /* -342 */
    {0x9558b4661b6565f8u, 0x4ac7ca59a424c507u}, /* -341 */
    {0xbaaee17fa23ebf76u, 0x5d79bcf00d2df649u}, /* -340 */
    {0xe95a99df8ace6f53u, 0xf4d82c2c107973dcu}, /* -339 */
    {0x91d8a02bb6c10594u, 0x79071b9b8a4be869u}, /* -338 */
    {0xb64ec836a47146f9u, 0x9748e2826cdee284u}, /* -337 */
    {0xe3e27a444d8d98b7u, 0xfd1b1b2308169b25u}, /* -336 */
    {0x8e6d8c6ab0787f72u, 0xfe30f0f5e50e20f7u}, /* -335 */
    {0xb208ef855c969f4fu, 0xbdbd2d335e51a935u}, /* -334 */
    {0xde8b2b66b3bc4723u, 0xad2c788035e61382u}, /* -333 */
    {0x8b16fb203055ac76u, 0x4c3bcb5021afcc31u}, /* -332 */
    {0xaddcb9e83c6b1793u, 0xdf4abe242a1bbf3du}, /* -331 */
    {0xd953e8624b85dd78u, 0xd71d6dad34a2af0du}, /* -330 */
    {0x87d4713d6f33aa6bu, 0x8672648c40e5ad68u}, /* -329 */
    {0xa9c98d8ccb009506u, 0x680efdaf511f18c2u}, /* -328 */
    {0xd43bf0effdc0ba48u, 0x0212bd1b2566def2u}, /* -327 */
    {0x84a57695fe98746du, 0x014bb630f7604b57u}, /* -326 */
    {0xa5ced43b7e3e9188u, 0x419ea3bd35385e2du}, /* -325 */
    {0xcf42894a5dce35eau, 0x52064cac828675b9u}, /* -324 */
    {0x818995ce7aa0e1b2u, 0x7343efebd1940993u}, /* -323 */
    {0xa1ebfb4219491a1fu, 0x1014ebe6c5f90bf8u}, /* -322 */
    {0xca66fa129f9b60a6u, 0xd41a26e077774ef6u}, /* -321 */
    {0xfd00b897478238d0u, 0x8920b098955522b4u}, /* -320 */
    {0x9e20735e8cb16382u, 0x55b46e5f5d5535b0u}, /* -319 */
    {0xc5a890362fddbc62u, 0xeb2189f734aa831du}, /* -318 */
    {0xf712b443bbd52b7bu, 0xa5e9ec7501d523e4u}, /* -317 */
    {0x9a6bb0aa55653b2du, 0x47b233c92125366eu}, /* -316 */
    {0xc1069cd4eabe89f8u, 0x999ec0bb696e840au}, /* -315 */
    {0xf148440a256e2c76u, 0xc00670ea43ca250du}, /* -314 */
    {0x96cd2a865764dbcau, 0x380406926a5e5728u}, /* -313 */
    {0xbc807527ed3e12bcu, 0xc605083704f5ecf2u}, /* -312 */
    {0xeba09271e88d976bu, 0xf7864a44c633682eu}, /* -311 */
    {0x93445b8731587ea3u, 0x7ab3ee6afbe0211du}, /* -310 */
    {0xb8157268fdae9e4cu, 0x5960ea05bad82964u}, /* -309 */
    {0xe61acf033d1a45dfu, 0x6fb92487298e33bdu}, /* -308 */
    {0x8fd0c16206306babu, 0xa5d3b6d479f8e056u}, /* -307 */
    {0xb3c4f1ba87bc8696u, 0x8f48a4899877186cu}, /* -306 */
    {0xe0b62e2929aba83cu, 0x331acdabfe94de87u}, /* -305 */
    {0x8c71dcd9ba0b4925u, 0x9ff0c08b7f1d0b14u}, /* -304 */
    {0xaf8e5410288e1b6fu, 0x07ecf0ae5ee44dd9u}, /* -303 */
    {0xdb71e91432b1a24au, 0xc9e82cd9f69d6150u}, /* -302 */
    {0x892731ac9faf056eu, 0xbe311c083a225cd2u}, /* -301 */
    {0xab70fe17c79ac6cau, 0x6dbd630a48aaf406u}, /* -300 */
    {0xd64d3d9db981787du, 0x092cbbccdad5b108u}, /* -299 */
    {0x85f0468293f0eb4eu, 0x25bbf56008c58ea5u}, /* -298 */
    {0xa76c582338ed2621u, 0xaf2af2b80af6f24eu}, /* -297 */
    {0xd1476e2c07286faau, 0x1af5af660db4aee1u}, /* -296 */
    {0x82cca4db847945cau, 0x50d98d9fc890ed4du}, /* -295 */
    {0xa37fce126597973cu, 0xe50ff107bab528a0u}, /* -294 */
    {0xcc5fc196fefd7d0cu, 0x1e53ed49a96272c8u}, /* -293 */
    {0xff77b1fcbebcdc4fu, 0x25e8e89c13bb0f7au}, /* -292 */
    {0x9faacf3df73609b1u, 0x77b191618c54e9acu}, /* -291 */
    {0xc795830d75038c1du, 0xd59df5b9ef6a2417u}, /* -290 */
    {0xf97ae3d0d2446f25u, 0x4b0573286b44ad1du}, /* -289 */
    {0x9becce62836ac577u, 0x4ee367f9430aec32u}, /* -288 */
    {0xc2e801fb244576d5u, 0x229c41f793cda73fu}, /* -287 */
    {0xf3a20279ed56d48au, 0x6b43527578c1110fu}, /* -286 */
    {0x9845418c345644d6u, 0x830a13896b78aaa9u}, /* -285 */
    {0xbe5691ef416bd60cu, 0x23cc986bc656d553u}, /* -284 */
    {0xedec366b11c6cb8fu, 0x2cbfbe86b7ec8aa8u}, /* -283 */
    {0x94b3a202eb1c3f39u, 0x7bf7d71432f3d6a9u}, /* -282 */
    {0xb9e08a83a5e34f07u, 0xdaf5ccd93fb0cc53u}, /* -281 */
    {0xe858ad248f5c22c9u, 0xd1b3400f8f9cff68u}, /* -280 */
    {0x91376c36d99995beu, 0x23100809b9c21fa1u}, /* -279 */
    {0xb58547448ffffb2du, 0xabd40a0c2832a78au}, /* -278 */
    {0xe2e69915b3fff9f9u, 0x16c90c8f323f516cu}, /* -277 */
    {0x8dd01fad907ffc3bu, 0xae3da7d97f6792e3u}, /* -276 */
    {0xb1442798f49ffb4au, 0x99cd11cfdf41779cu}, /* -275 */
    {0xdd95317f31c7fa1du, 0x40405643d711d583u}, /* -274 */
    {0x8a7d3eef7f1cfc52u, 0x482835ea666b2572u}, /* -273 */
    {0xad1c8eab5ee43b66u, 0xda3243650005eecfu}, /* -272 */
    {0xd863b256369d4a40u, 0x90bed43e40076a82u}, /* -271 */
    {0x873e4f75e2224e68u, 0x5a7744a6e804a291u}, /* -270 */
    {0xa90de3535aaae202u, 0x711515d0a205cb36u}, /* -269 */
    {0xd3515c2831559a83u, 0x0d5a5b44ca873e03u}, /* -268 */
    {0x8412d9991ed58091u, 0xe858790afe9486c2u}, /* -267 */
    {0xa5178fff668ae0b6u, 0x626e974dbe39a872u}, /* -266 */
    {0xce5d73ff402d98e3u, 0xfb0a3d212dc8128fu}, /* -265 */
    {0x80fa687f881c7f8eu, 0x7ce66634bc9d0b99u}, /* -264 */
    {0xa139029f6a239f72u, 0x1c1fffc1ebc44e80u}, /* -263 */
    {0xc987434744ac874eu, 0xa327ffb266b56220u}, /* -262 */
    {0xfbe9141915d7a922u, 0x4bf1ff9f0062baa8u}, /* -261 */
    {0x9d71ac8fada6c9b5u, 0x6f773fc3603db4a9u}, /* -260 */
    {0xc4ce17b399107c22u, 0xcb550fb4384d21d3u}, /* -259 */
    {0xf6019da07f549b2bu, 0x7e2a53a146606a48u}, /* -258 */
    {0x99c102844f94e0fbu, 0x2eda7444cbfc426du}, /* -257 */
    {0xc0314325637a1939u, 0xfa911155fefb5308u}, /* -256 */
    {0xf03d93eebc589f88u, 0x793555ab7eba27cau}, /* -255 */
    {0x96267c7535b763b5u, 0x4bc1558b2f3458deu}, /* -254 */
    {0xbbb01b9283253ca2u, 0x9eb1aaedfb016f16u}, /* -253 */
    {0xea9c227723ee8bcbu, 0x465e15a979c1cadcu}, /* -252 */
    {0x92a1958a7675175fu, 0x0bfacd89ec191ec9u}, /* -251 */
    {0xb749faed14125d36u, 0xcef980ec671f667bu}, /* -250 */
    {0xe51c79a85916f484u, 0x82b7e12780e7401au}, /* -249 */
    {0x8f31cc0937ae58d2u, 0xd1b2ecb8b0908810u}, /* -248 */
    {0xb2fe3f0b8599ef07u, 0x861fa7e6dcb4aa15u}, /* -247 */
    {0xdfbdcece67006ac9u, 0x67a791e093e1d49au}, /* -246 */
    {0x8bd6a141006042bdu, 0xe0c8bb2c5c6d24e0u}, /* -245 */
    {0xaecc49914078536du, 0x58fae9f773886e18u}, /* -244 */
    {0xda7f5bf590966848u, 0xaf39a475506a899eu}, /* -243 */
    {0x888f99797a5e012du, 0x6d8406c952429603u}, /* -242 */
    {0xaab37fd7d8f58178u, 0xc8e5087ba6d33b83u}, /* -241 */
    {0xd5605fcdcf32e1d6u, 0xfb1e4a9a90880a64u}, /* -240 */
    {0x855c3be0a17fcd26u, 0x5cf2eea09a55067fu}, /* -239 */
    {0xa6b34ad8c9dfc06fu, 0xf42faa48c0ea481eu}, /* -238 */
    {0xd0601d8efc57b08bu, 0xf13b94daf124da26u}, /* -237 */
    {0x823c12795db6ce57u, 0x76c53d08d6b70858u}, /* -236 */
    {0xa2cb1717b52481edu, 0x54768c4b0c64ca6eu}, /* -235 */
    {0xcb7ddcdda26da268u, 0xa9942f5dcf7dfd09u}, /* -234 */
    {0xfe5d54150b090b02u, 0xd3f93b35435d7c4cu}, /* -233 */
    {0x9efa548d26e5a6e1u, 0xc47bc5014a1a6dafu}, /* -232 */
    {0xc6b8e9b0709f109au, 0x359ab6419ca1091bu}, /* -231 */
    {0xf867241c8cc6d4c0u, 0xc30163d203c94b62u}, /* -230 */
    {0x9b407691d7fc44f8u, 0x79e0de63425dcf1du}, /* -229 */
    {0xc21094364dfb5636u, 0x985915fc12f542e4u}, /* -228 */
    {0xf294b943e17a2bc4u, 0x3e6f5b7b17b2939du}, /* -227 */
    {0x979cf3ca6cec5b5au, 0xa705992ceecf9c42u}, /* -226 */
    {0xbd8430bd08277231u, 0x50c6ff782a838353u}, /* -225 */
    {0xece53cec4a314ebdu, 0xa4f8bf5635246428u}, /* -224 */
    {0x940f4613ae5ed136u, 0x871b7795e136be99u}, /* -223 */
    {0xb913179899f68584u, 0x28e2557b59846e3fu}, /* -222 */
    {0xe757dd7ec07426e5u, 0x331aeada2fe589cfu}, /* -221 */
    {0x9096ea6f3848984fu, 0x3ff0d2c85def7621u}, /* -220 */
    {0xb4bca50b065abe63u, 0x0fed077a756b53a9u}, /* -219 */
    {0xe1ebce4dc7f16dfbu, 0xd3e8495912c62894u}, /* -218 */
    {0x8d3360f09cf6e4bdu, 0x64712dd7abbbd95cu}, /* -217 */
    {0xb080392cc4349decu, 0xbd8d794d96aacfb3u}, /* -216 */
    {0xdca04777f541c567u, 0xecf0d7a0fc5583a0u}, /* -215 */
    {0x89e42caaf9491b60u, 0xf41686c49db57244u}, /* -214 */
    {0xac5d37d5b79b6239u, 0x311c2875c522ced5u}, /* -213 */
    {0xd77485cb25823ac7u, 0x7d633293366b828bu}, /* -212 */
    {0x86a8d39ef77164bcu, 0xae5dff9c02033197u}, /* -211 */
    {0xa8530886b54dbdebu, 0xd9f57f830283fdfcu}, /* -210 */
    {0xd267caa862a12d66u, 0xd072df63c324fd7bu}, /* -209 */
    {0x8380dea93da4bc60u, 0x4247cb9e59f71e6du}, /* -208 */
    {0xa46116538d0deb78u, 0x52d9be85f074e608u}, /* -207 */
    {0xcd795be870516656u, 0x67902e276c921f8bu}, /* -206 */
    {0x806bd9714632dff6u, 0x00ba1cd8a3db53b6u}, /* -205 */
    {0xa086cfcd97bf97f3u, 0x80e8a40eccd228a4u}, /* -204 */
    {0xc8a883c0fdaf7df0u, 0x6122cd128006b2cdu}, /* -203 */
    {0xfad2a4b13d1b5d6cu, 0x796b805720085f81u}, /* -202 */
    {0x9cc3a6eec6311a63u, 0xcbe3303674053bb0u}, /* -201 */
    {0xc3f490aa77bd60fcu, 0xbedbfc4411068a9cu}, /* -200 */
    {0xf4f1b4d515acb93bu, 0xee92fb5515482d44u}, /* -199 */
    {0x991711052d8bf3c5u, 0x751bdd152d4d1c4au}, /* -198 */
    {0xbf5cd54678eef0b6u, 0xd262d45a78a0635du}, /* -197 */
    {0xef340a98172aace4u, 0x86fb897116c87c34u}, /* -196 */
    {0x9580869f0e7aac0eu, 0xd45d35e6ae3d4da0u}, /* -195 */
    {0xbae0a846d2195712u, 0x8974836059cca109u}, /* -194 */
    {0xe998d258869facd7u, 0x2bd1a438703fc94bu}, /* -193 */
    {0x91ff83775423cc06u, 0x7b6306a34627ddcfu}, /* -192 */
    {0xb67f6455292cbf08u, 0x1a3bc84c17b1d542u}, /* -191 */
    {0xe41f3d6a7377eecau, 0x20caba5f1d9e4a93u}, /* -190 */
    {0x8e938662882af53eu, 0x547eb47b7282ee9cu}, /* -189 */
    {0xb23867fb2a35b28du, 0xe99e619a4f23aa43u}, /* -188 */
    {0xdec681f9f4c31f31u, 0x6405fa00e2ec94d4u}, /* -187 */
    {0x8b3c113c38f9f37eu, 0xde83bc408dd3dd04u}, /* -186 */
    {0xae0b158b4738705eu, 0x9624ab50b148d445u}, /* -185 */
    {0xd98ddaee19068c76u, 0x3badd624dd9b0957u}, /* -184 */
    {0x87f8a8d4cfa417c9u, 0xe54ca5d70a80e5d6u}, /* -183 */
    {0xa9f6d30a038d1dbcu, 0x5e9fcf4ccd211f4cu}, /* -182 */
    {0xd47487cc8470652bu, 0x7647c3200069671fu}, /* -181 */
    {0x84c8d4dfd2c63f3bu, 0x29ecd9f40041e073u}, /* -180 */
    {0xa5fb0a17c777cf09u, 0xf468107100525890u}, /* -179 */
    {0xcf79cc9db955c2ccu, 0x7182148d4066eeb4u}, /* -178 */
    {0x81ac1fe293d599bfu, 0xc6f14cd848405530u}, /* -177 */
    {0xa21727db38cb002fu, 0xb8ada00e5a506a7cu}, /* -176 */
    {0xca9cf1d206fdc03bu, 0xa6d90811f0e4851cu}, /* -175 */
    {0xfd442e4688bd304au, 0x908f4a166d1da663u}, /* -174 */
    {0x9e4a9cec15763e2eu, 0x9a598e4e043287feu}, /* -173 */
    {0xc5dd44271ad3cdbau, 0x40eff1e1853f29fdu}, /* -172 */
    {0xf7549530e188c128u, 0xd12bee59e68ef47cu}, /* -171 */
    {0x9a94dd3e8cf578b9u, 0x82bb74f8301958ceu}, /* -170 */
    {0xc13a148e3032d6e7u, 0xe36a52363c1faf01u}, /* -169 */
    {0xf18899b1bc3f8ca1u, 0xdc44e6c3cb279ac1u}, /* -168 */
    {0x96f5600f15a7b7e5u, 0x29ab103a5ef8c0b9u}, /* -167 */
    {0xbcb2b812db11a5deu, 0x7415d448f6b6f0e7u}, /* -166 */
    {0xebdf661791d60f56u, 0x111b495b3464ad21u}, /* -165 */
    {0x936b9fcebb25c995u, 0xcab10dd900beec34u}, /* -164 */
    {0xb84687c269ef3bfbu, 0x3d5d514f40eea742u}, /* -163 */
    {0xe65829b3046b0afau, 0x0cb4a5a3112a5112u}, /* -162 */
    {0x8ff71a0fe2c2e6dcu, 0x47f0e785eaba72abu}, /* -161 */
    {0xb3f4e093db73a093u, 0x59ed216765690f56u}, /* -160 */
    {0xe0f218b8d25088b8u, 0x306869c13ec3532cu}, /* -159 */
    {0x8c974f7383725573u, 0x1e414218c73a13fbu}, /* -158 */
    {0xafbd2350644eeacfu, 0xe5d1929ef90898fau}, /* -157 */
    {0xdbac6c247d62a583u, 0xdf45f746b74abf39u}, /* -156 */
    {0x894bc396ce5da772u, 0x6b8bba8c328eb783u}, /* -155 */
    {0xab9eb47c81f5114fu, 0x066ea92f3f326564u}, /* -154 */
    {0xd686619ba27255a2u, 0xc80a537b0efefebdu}, /* -153 */
    {0x8613fd0145877585u, 0xbd06742ce95f5f36u}, /* -152 */
    {0xa798fc4196e952e7u, 0x2c48113823b73704u}, /* -151 */
    {0xd17f3b51fca3a7a0u, 0xf75a15862ca504c5u}, /* -150 */
    {0x82ef85133de648c4u, 0x9a984d73dbe722fbu}, /* -149 */
    {0xa3ab66580d5fdaf5u, 0xc13e60d0d2e0ebbau}, /* -148 */
    {0xcc963fee10b7d1b3u, 0x318df905079926a8u}, /* -147 */
    {0xffbbcfe994e5c61fu, 0xfdf17746497f7052u}, /* -146 */
    {0x9fd561f1fd0f9bd3u, 0xfeb6ea8bedefa633u}, /* -145 */
    {0xc7caba6e7c5382c8u, 0xfe64a52ee96b8fc0u}, /* -144 */
    {0xf9bd690a1b68637bu, 0x3dfdce7aa3c673b0u}, /* -143 */
    {0x9c1661a651213e2du, 0x06bea10ca65c084eu}, /* -142 */
    {0xc31bfa0fe5698db8u, 0x486e494fcff30a62u}, /* -141 */
    {0xf3e2f893dec3f126u, 0x5a89dba3c3efccfau}, /* -140 */
    {0x986ddb5c6b3a76b7u, 0xf89629465a75e01cu}, /* -139 */
    {0xbe89523386091465u, 0xf6bbb397f1135823u}, /* -138 */
    {0xee2ba6c0678b597fu, 0x746aa07ded582e2cu}, /* -137 */
    {0x94db483840b717efu, 0xa8c2a44eb4571cdcu}, /* -136 */
    {0xba121a4650e4ddebu, 0x92f34d62616ce413u}, /* -135 */
    {0xe896a0d7e51e1566u, 0x77b020baf9c81d17u}, /* -134 */
    {0x915e2486ef32cd60u, 0x0ace1474dc1d122eu}, /* -133 */
    {0xb5b5ada8aaff80b8u, 0x0d819992132456bau}, /* -132 */
    {0xe3231912d5bf60e6u, 0x10e1fff697ed6c69u}, /* -131 */
    {0x8df5efabc5979c8fu, 0xca8d3ffa1ef463c1u}, /* -130 */
    {0xb1736b96b6fd83b3u, 0xbd308ff8a6b17cb2u}, /* -129 */
    {0xddd0467c64bce4a0u, 0xac7cb3f6d05ddbdeu}, /* -128 */
    {0x8aa22c0dbef60ee4u, 0x6bcdf07a423aa96bu}, /* -127 */
    {0xad4ab7112eb3929du, 0x86c16c98d2c953c6u}, /* -126 */
    {0xd89d64d57a607744u, 0xe871c7bf077ba8b7u}, /* -125 */
    {0x87625f056c7c4a8bu, 0x11471cd764ad4972u}, /* -124 */
    {0xa93af6c6c79b5d2du, 0xd598e40d3dd89bcfu}, /* -123 */
    {0xd389b47879823479u, 0x4aff1d108d4ec2c3u}, /* -122 */
    {0x843610cb4bf160cbu, 0xcedf722a585139bau}, /* -121 */
    {0xa54394fe1eedb8feu, 0xc2974eb4ee658828u}, /* -120 */
    {0xce947a3da6a9273eu, 0x733d226229feea32u}, /* -119 */
    {0x811ccc668829b887u, 0x0806357d5a3f525fu}, /* -118 */
    {0xa163ff802a3426a8u, 0xca07c2dcb0cf26f7u}, /* -117 */
    {0xc9bcff6034c13052u, 0xfc89b393dd02f0b5u}, /* -116 */
    {0xfc2c3f3841f17c67u, 0xbbac2078d443ace2u}, /* -115 */
    {0x9d9ba7832936edc0u, 0xd54b944b84aa4c0du}, /* -114 */
    {0xc5029163f384a931u, 0x0a9e795e65d4df11u}, /* -113 */
    {0xf64335bcf065d37du, 0x4d4617b5ff4a16d5u}, /* -112 */
    {0x99ea0196163fa42eu, 0x504bced1bf8e4e45u}, /* -111 */
    {0xc06481fb9bcf8d39u, 0xe45ec2862f71e1d6u}, /* -110 */
    {0xf07da27a82c37088u, 0x5d767327bb4e5a4cu}, /* -109 */
    {0x964e858c91ba2655u, 0x3a6a07f8d510f86fu}, /* -108 */
    {0xbbe226efb628afeau, 0x890489f70a55368bu}, /* -107 */
    {0xeadab0aba3b2dbe5u, 0x2b45ac74ccea842eu}, /* -106 */
    {0x92c8ae6b464fc96fu, 0x3b0b8bc90012929du}, /* -105 */
    {0xb77ada0617e3bbcbu, 0x09ce6ebb40173744u}, /* -104 */
    {0xe55990879ddcaabdu, 0xcc420a6a101d0515u}, /* -103 */
    {0x8f57fa54c2a9eab6u, 0x9fa946824a12232du}, /* -102 */
    {0xb32df8e9f3546564u, 0x47939822dc96abf9u}, /* -101 */
    {0xdff9772470297ebdu, 0x59787e2b93bc56f7u}, /* -100 */
    {0x8bfbea76c619ef36u, 0x57eb4edb3c55b65au}, /* -99 */
    {0xaefae51477a06b03u, 0xede622920b6b23f1u}, /* -98 */
    {0xdab99e59958885c4u, 0xe95fab368e45ecedu}, /* -97 */
    {0x88b402f7fd75539bu, 0x11dbcb0218ebb414u}, /* -96 */
    {0xaae103b5fcd2a881u, 0xd652bdc29f26a119u}, /* -95 */
    {0xd59944a37c0752a2u, 0x4be76d3346f0495fu}, /* -94 */
    {0x857fcae62d8493a5u, 0x6f70a4400c562ddbu}, /* -93 */
    {0xa6dfbd9fb8e5b88eu, 0xcb4ccd500f6bb952u}, /* -92 */
    {0xd097ad07a71f26b2u, 0x7e2000a41346a7a7u}, /* -91 */
    {0x825ecc24c873782fu, 0x8ed400668c0c28c8u}, /* -90 */
    {0xa2f67f2dfa90563bu, 0x728900802f0f32fau}, /* -89 */
    {0xcbb41ef979346bcau, 0x4f2b40a03ad2ffb9u}, /* -88 */
    {0xfea126b7d78186bcu, 0xe2f610c84987bfa8u}, /* -87 */
    {0x9f24b832e6b0f436u, 0x0dd9ca7d2df4d7c9u}, /* -86 */
    {0xc6ede63fa05d3143u, 0x91503d1c79720dbbu}, /* -85 */
    {0xf8a95fcf88747d94u, 0x75a44c6397ce912au}, /* -84 */
    {0x9b69dbe1b548ce7cu, 0xc986afbe3ee11abau}, /* -83 */
    {0xc24452da229b021bu, 0xfbe85badce996168u}, /* -82 */
    {0xf2d56790ab41c2a2u, 0xfae27299423fb9c3u}, /* -81 */
    {0x97c560ba6b0919a5u, 0xdccd879fc967d41au}, /* -80 */
    {0xbdb6b8e905cb600fu, 0x5400e987bbc1c920u}, /* -79 */
    {0xed246723473e3813u, 0x290123e9aab23b68u}, /* -78 */
    {0x9436c0760c86e30bu, 0xf9a0b6720aaf6521u}, /* -77 */
    {0xb94470938fa89bceu, 0xf808e40e8d5b3e69u}, /* -76 */
    {0xe7958cb87392c2c2u, 0xb60b1d1230b20e04u}, /* -75 */
    {0x90bd77f3483bb9b9u, 0xb1c6f22b5e6f48c2u}, /* -74 */
    {0xb4ecd5f01a4aa828u, 0x1e38aeb6360b1af3u}, /* -73 */
    {0xe2280b6c20dd5232u, 0x25c6da63c38de1b0u}, /* -72 */
    {0x8d590723948a535fu, 0x579c487e5a38ad0eu}, /* -71 */
    {0xb0af48ec79ace837u, 0x2d835a9df0c6d851u}, /* -70 */
    {0xdcdb1b2798182244u, 0xf8e431456cf88e65u}, /* -69 */
    {0x8a08f0f8bf0f156bu, 0x1b8e9ecb641b58ffu}, /* -68 */
    {0xac8b2d36eed2dac5u, 0xe272467e3d222f3fu}, /* -67 */
    {0xd7adf884aa879177u, 0x5b0ed81dcc6abb0fu}, /* -66 */
    {0x86ccbb52ea94baeau, 0x98e947129fc2b4e9u}, /* -65 */
    {0xa87fea27a539e9a5u, 0x3f2398d747b36224u}, /* -64 */
    {0xd29fe4b18e88640eu, 0x8eec7f0d19a03aadu}, /* -63 */
    {0x83a3eeeef9153e89u, 0x1953cf68300424acu}, /* -62 */
    {0xa48ceaaab75a8e2bu, 0x5fa8c3423c052dd7u}, /* -61 */
    {0xcdb02555653131b6u, 0x3792f412cb06794du}, /* -60 */
    {0x808e17555f3ebf11u, 0xe2bbd88bbee40bd0u}, /* -59 */
    {0xa0b19d2ab70e6ed6u, 0x5b6aceaeae9d0ec4u}, /* -58 */
    {0xc8de047564d20a8bu, 0xf245825a5a445275u}, /* -57 */
    {0xfb158592be068d2eu, 0xeed6e2f0f0d56712u}, /* -56 */
    {0x9ced737bb6c4183du, 0x55464dd69685606bu}, /* -55 */
    {0xc428d05aa4751e4cu, 0xaa97e14c3c26b886u}, /* -54 */
    {0xf53304714d9265dfu, 0xd53dd99f4b3066a8u}, /* -53 */
    {0x993fe2c6d07b7fabu, 0xe546a8038efe4029u}, /* -52 */
    {0xbf8fdb78849a5f96u, 0xde98520472bdd033u}, /* -51 */
    {0xef73d256a5c0f77cu, 0x963e66858f6d4440u}, /* -50 */
    {0x95a8637627989aadu, 0xdde7001379a44aa8u}, /* -49 */
    {0xbb127c53b17ec159u, 0x5560c018580d5d52u}, /* -48 */
    {0xe9d71b689dde71afu, 0xaab8f01e6e10b4a6u}, /* -47 */
    {0x9226712162ab070du, 0xcab3961304ca70e8u}, /* -46 */
    {0xb6b00d69bb55c8d1u, 0x3d607b97c5fd0d22u}, /* -45 */
    {0xe45c10c42a2b3b05u, 0x8cb89a7db77c506au}, /* -44 */
    {0x8eb98a7a9a5b04e3u, 0x77f3608e92adb242u}, /* -43 */
    {0xb267ed1940f1c61cu, 0x55f038b237591ed3u}, /* -42 */
    {0xdf01e85f912e37a3u, 0x6b6c46dec52f6688u}, /* -41 */
    {0x8b61313bbabce2c6u, 0x2323ac4b3b3da015u}, /* -40 */
    {0xae397d8aa96c1b77u, 0xabec975e0a0d081au}, /* -39 */
    {0xd9c7dced53c72255u, 0x96e7bd358c904a21u}, /* -38 */
    {0x881cea14545c7575u, 0x7e50d64177da2e54u}, /* -37 */
    {0xaa242499697392d2u, 0xdde50bd1d5d0b9e9u}, /* -36 */
    {0xd4ad2dbfc3d07787u, 0x955e4ec64b44e864u}, /* -35 */
    {0x84ec3c97da624ab4u, 0xbd5af13bef0b113eu}, /* -34 */
    {0xa6274bbdd0fadd61u, 0xecb1ad8aeacdd58eu}, /* -33 */
    {0xcfb11ead453994bau, 0x67de18eda5814af2u}, /* -32 */
    {0x81ceb32c4b43fcf4u, 0x80eacf948770ced7u}, /* -31 */
    {0xa2425ff75e14fc31u, 0xa1258379a94d028du}, /* -30 */
    {0xcad2f7f5359a3b3eu, 0x096ee45813a04330u}, /* -29 */
    {0xfd87b5f28300ca0du, 0x8bca9d6e188853fcu}, /* -28 */
    {0x9e74d1b791e07e48u, 0x775ea264cf55347du}, /* -27 */
    {0xc612062576589ddau, 0x95364afe032a819du}, /* -26 */
    {0xf79687aed3eec551u, 0x3a83ddbd83f52204u}, /* -25 */
    {0x9abe14cd44753b52u, 0xc4926a9672793542u}, /* -24 */
    {0xc16d9a0095928a27u, 0x75b7053c0f178293u}, /* -23 */
    {0xf1c90080baf72cb1u, 0x5324c68b12dd6338u}, /* -22 */
    {0x971da05074da7beeu, 0xd3f6fc16ebca5e03u}, /* -21 */
    {0xbce5086492111aeau, 0x88f4bb1ca6bcf584u}, /* -20 */
    {0xec1e4a7db69561a5u, 0x2b31e9e3d06c32e5u}, /* -19 */
    {0x9392ee8e921d5d07u, 0x3aff322e62439fcfu}, /* -18 */
    {0xb877aa3236a4b449u, 0x09befeb9fad487c2u}, /* -17 */
    {0xe69594bec44de15bu, 0x4c2ebe687989a9b3u}, /* -16 */
    {0x901d7cf73ab0acd9u, 0x0f9d37014bf60a10u}, /* -15 */
    {0xb424dc35095cd80fu, 0x538484c19ef38c94u}, /* -14 */
    {0xe12e13424bb40e13u, 0x2865a5f206b06fb9u}, /* -13 */
    {0x8cbccc096f5088cbu, 0xf93f87b7442e45d3u}, /* -12 */
    {0xafebff0bcb24aafeu, 0xf78f69a51539d748u}, /* -11 */
    {0xdbe6fecebdedd5beu, 0xb573440e5a884d1bu}, /* -10 */
    {0x89705f4136b4a597u, 0x31680a88f8953030u}, /* -9 */
    {0xabcc77118461cefcu, 0xfdc20d2b36ba7c3du}, /* -8 */
    {0xd6bf94d5e57a42bcu, 0x3d32907604691b4cu}, /* -7 */
    {0x8637bd05af6c69b5u, 0xa63f9a49c2c1b10fu}, /* -6 */
    {0xa7c5ac471b478423u, 0x0fcf80dc33721d53u}, /* -5 */
    {0xd1b71758e219652bu, 0xd3c36113404ea4a8u}, /* -4 */
    {0x83126e978d4fdf3bu, 0x645a1cac083126e9u}, /* -3 */
    {0xa3d70a3d70a3d70au, 0x3d70a3d70a3d70a3u}, /* -2 */
    {0xccccccccccccccccu, 0xccccccccccccccccu}, /* -1 */
    {0x8000000000000000u, 0x0000000000000000u}, /* 0 */
    {0xa000000000000000u, 0x0000000000000000u}, /* 1 */
    {0xc800000000000000u, 0x0000000000000000u}, /* 2 */
    {0xfa00000000000000u, 0x0000000000000000u}, /* 3 */
    {0x9c40000000000000u, 0x0000000000000000u}, /* 4 */
    {0xc350000000000000u, 0x0000000000000000u}, /* 5 */
    {0xf424000000000000u, 0x0000000000000000u}, /* 6 */
    {0x9896800000000000u, 0x0000000000000000u}, /* 7 */
    {0xbebc200000000000u, 0x0000000000000000u}, /* 8 */
    {0xee6b280000000000u, 0x0000000000000000u}, /* 9 */
    {0x9502f90000000000u, 0x0000000000000000u}, /* 10 */
    {0xba43b74000000000u, 0x0000000000000000u}, /* 11 */
    {0xe8d4a51000000000u, 0x0000000000000000u}, /* 12 */
    {0x9184e72a00000000u, 0x0000000000000000u}, /* 13 */
    {0xb5e620f480000000u, 0x0000000000000000u}, /* 14 */
    {0xe35fa931a0000000u, 0x0000000000000000u}, /* 15 */
    {0x8e1bc9bf04000000u, 0x0000000000000000u}, /* 16 */
    {0xb1a2bc2ec5000000u, 0x0000000000000000u}, /* 17 */
    {0xde0b6b3a76400000u, 0x0000000000000000u}, /* 18 */
    {0x8ac7230489e80000u, 0x0000000000000000u}, /* 19 */
    {0xad78ebc5ac620000u, 0x0000000000000000u}, /* 20 */
    {0xd8d726b7177a8000u, 0x0000000000000000u}, /* 21 */
    {0x878678326eac9000u, 0x0000000000000000u}, /* 22 */
    {0xa968163f0a57b400u, 0x0000000000000000u}, /* 23 */
    {0xd3c21bcecceda100u, 0x0000000000000000u}, /* 24 */
    {0x84595161401484a0u, 0x0000000000000000u}, /* 25 */
    {0xa56fa5b99019a5c8u, 0x0000000000000000u}, /* 26 */
    {0xcecb8f27f4200f3au, 0x0000000000000000u}, /* 27 */
    {0x813f3978f8940984u, 0x4000000000000000u}, /* 28 */
    {0xa18f07d736b90be5u, 0x5000000000000000u}, /* 29 */
    {0xc9f2c9cd04674edeu, 0xa400000000000000u}, /* 30 */
    {0xfc6f7c4045812296u, 0x4d00000000000000u}, /* 31 */
    {0x9dc5ada82b70b59du, 0xf020000000000000u}, /* 32 */
    {0xc5371912364ce305u, 0x6c28000000000000u}, /* 33 */
    {0xf684df56c3e01bc6u, 0xc732000000000000u}, /* 34 */
    {0x9a130b963a6c115cu, 0x3c7f400000000000u}, /* 35 */
    {0xc097ce7bc90715b3u, 0x4b9f100000000000u}, /* 36 */
    {0xf0bdc21abb48db20u, 0x1e86d40000000000u}, /* 37 */
    {0x96769950b50d88f4u, 0x1314448000000000u}, /* 38 */
    {0xbc143fa4e250eb31u, 0x17d955a000000000u}, /* 39 */
    {0xeb194f8e1ae525fdu, 0x5dcfab0800000000u}, /* 40 */
    {0x92efd1b8d0cf37beu, 0x5aa1cae500000000u}, /* 41 */
    {0xb7abc627050305adu, 0xf14a3d9e40000000u}, /* 42 */
    {0xe596b7b0c643c719u, 0x6d9ccd05d0000000u}, /* 43 */
    {0x8f7e32ce7bea5c6fu, 0xe4820023a2000000u}, /* 44 */
    {0xb35dbf821ae4f38bu, 0xdda2802c8a800000u}, /* 45 */
    {0xe0352f62a19e306eu, 0xd50b2037ad200000u}, /* 46 */
    {0x8c213d9da502de45u, 0x4526f422cc340000u}, /* 47 */
    {0xaf298d050e4395d6u, 0x9670b12b7f410000u}, /* 48 */
    {0xdaf3f04651d47b4cu, 0x3c0cdd765f114000u}, /* 49 */
    {0x88d8762bf324cd0fu, 0xa5880a69fb6ac800u}, /* 50 */
    {0xab0e93b6efee0053u, 0x8eea0d047a457a00u}, /* 51 */
    {0xd5d238a4abe98068u, 0x72a4904598d6d880u}, /* 52 */
    {0x85a36366eb71f041u, 0x47a6da2b7f864750u}, /* 53 */
    {0xa70c3c40a64e6c51u, 0x999090b65f67d924u}, /* 54 */
    {0xd0cf4b50cfe20765u, 0xfff4b4e3f741cf6du}, /* 55 */
    {0x82818f1281ed449fu, 0xbff8f10e7a8921a4u}, /* 56 */
    {0xa321f2d7226895c7u, 0xaff72d52192b6a0du}, /* 57 */
    {0xcbea6f8ceb02bb39u, 0x9bf4f8a69f764490u}, /* 58 */
    {0xfee50b7025c36a08u, 0x02f236d04753d5b4u}, /* 59 */
    {0x9f4f2726179a2245u, 0x01d762422c946590u}, /* 60 */
    {0xc722f0ef9d80aad6u, 0x424d3ad2b7b97ef5u}, /* 61 */
    {0xf8ebad2b84e0d58bu, 0xd2e0898765a7deb2u}, /* 62 */
    {0x9b934c3b330c8577u, 0x63cc55f49f88eb2fu}, /* 63 */
    {0xc2781f49ffcfa6d5u, 0x3cbf6b71c76b25fbu}, /* 64 */
    {0xf316271c7fc3908au, 0x8bef464e3945ef7au}, /* 65 */
    {0x97edd871cfda3a56u, 0x97758bf0e3cbb5acu}, /* 66 */
    {0xbde94e8e43d0c8ecu, 0x3d52eeed1cbea317u}, /* 67 */
    {0xed63a231d4c4fb27u, 0x4ca7aaa863ee4bddu}, /* 68 */
    {0x945e455f24fb1cf8u, 0x8fe8caa93e74ef6au}, /* 69 */
    {0xb975d6b6ee39e436u, 0xb3e2fd538e122b44u}, /* 70 */
    {0xe7d34c64a9c85d44u, 0x60dbbca87196b616u}, /* 71 */
    {0x90e40fbeea1d3a4au, 0xbc8955e946fe31cdu}, /* 72 */
    {0xb51d13aea4a488ddu, 0x6babab6398bdbe41u}, /* 73 */
    {0xe264589a4dcdab14u, 0xc696963c7eed2dd1u}, /* 74 */
    {0x8d7eb76070a08aecu, 0xfc1e1de5cf543ca2u}, /* 75 */
    {0xb0de65388cc8ada8u, 0x3b25a55f43294bcbu}, /* 76 */
    {0xdd15fe86affad912u, 0x49ef0eb713f39ebeu}, /* 77 */
    {0x8a2dbf142dfcc7abu, 0x6e3569326c784337u}, /* 78 */
    {0xacb92ed9397bf996u, 0x49c2c37f07965404u}, /* 79 */
    {0xd7e77a8f87daf7fbu, 0xdc33745ec97be906u}, /* 80 */
    {0x86f0ac99b4e8dafdu, 0x69a028bb3ded71a3u}, /* 81 */
    {0xa8acd7c0222311bcu, 0xc40832ea0d68ce0cu}, /* 82 */
    {0xd2d80db02aabd62bu, 0xf50a3fa490c30190u}, /* 83 */
    {0x83c7088e1aab65dbu, 0x792667c6da79e0fau}, /* 84 */
    {0xa4b8cab1a1563f52u, 0x577001b891185938u}, /* 85 */
    {0xcde6fd5e09abcf26u, 0xed4c0226b55e6f86u}, /* 86 */
    {0x80b05e5ac60b6178u, 0x544f8158315b05b4u}, /* 87 */
    {0xa0dc75f1778e39d6u, 0x696361ae3db1c721u}, /* 88 */
    {0xc913936dd571c84cu, 0x03bc3a19cd1e38e9u}, /* 89 */
    {0xfb5878494ace3a5fu, 0x04ab48a04065c723u}, /* 90 */
    {0x9d174b2dcec0e47bu, 0x62eb0d64283f9c76u}, /* 91 */
    {0xc45d1df942711d9au, 0x3ba5d0bd324f8394u}, /* 92 */
    {0xf5746577930d6500u, 0xca8f44ec7ee36479u}, /* 93 */
    {0x9968bf6abbe85f20u, 0x7e998b13cf4e1ecbu}, /* 94 */
    {0xbfc2ef456ae276e8u, 0x9e3fedd8c321a67eu}, /* 95 */
    {0xefb3ab16c59b14a2u, 0xc5cfe94ef3ea101eu}, /* 96 */
    {0x95d04aee3b80ece5u, 0xbba1f1d158724a12u}, /* 97 */
    {0xbb445da9ca61281fu, 0x2a8a6e45ae8edc97u}, /* 98 */
    {0xea1575143cf97226u, 0xf52d09d71a3293bdu}, /* 99 */
    {0x924d692ca61be758u, 0x593c2626705f9c56u}, /* 100 */
    {0xb6e0c377cfa2e12eu, 0x6f8b2fb00c77836cu}, /* 101 */
    {0xe498f455c38b997au, 0x0b6dfb9c0f956447u}, /* 102 */
    {0x8edf98b59a373fecu, 0x4724bd4189bd5eacu}, /* 103 */
    {0xb2977ee300c50fe7u, 0x58edec91ec2cb657u}, /* 104 */
    {0xdf3d5e9bc0f653e1u, 0x2f2967b66737e3edu}, /* 105 */
    {0x8b865b215899f46cu, 0xbd79e0d20082ee74u}, /* 106 */
    {0xae67f1e9aec07187u, 0xecd8590680a3aa11u}, /* 107 */
    {0xda01ee641a708de9u, 0xe80e6f4820cc9495u}, /* 108 */
    {0x884134fe908658b2u, 0x3109058d147fdcddu}, /* 109 */
    {0xaa51823e34a7eedeu, 0xbd4b46f0599fd415u}, /* 110 */
    {0xd4e5e2cdc1d1ea96u, 0x6c9e18ac7007c91au}, /* 111 */
    {0x850fadc09923329eu, 0x03e2cf6bc604ddb0u}, /* 112 */
    {0xa6539930bf6bff45u, 0x84db8346b786151cu}, /* 113 */
    {0xcfe87f7cef46ff16u, 0xe612641865679a63u}, /* 114 */
    {0x81f14fae158c5f6eu, 0x4fcb7e8f3f60c07eu}, /* 115 */
    {0xa26da3999aef7749u, 0xe3be5e330f38f09du}, /* 116 */
    {0xcb090c8001ab551cu, 0x5cadf5bfd3072cc5u}, /* 117 */
    {0xfdcb4fa002162a63u, 0x73d9732fc7c8f7f6u}, /* 118 */
    {0x9e9f11c4014dda7eu, 0x2867e7fddcdd9afau}, /* 119 */
    {0xc646d63501a1511du, 0xb281e1fd541501b8u}, /* 120 */
    {0xf7d88bc24209a565u, 0x1f225a7ca91a4226u}, /* 121 */
    {0x9ae757596946075fu, 0x3375788de9b06958u}, /* 122 */
    {0xc1a12d2fc3978937u, 0x0052d6b1641c83aeu}, /* 123 */
    {0xf209787bb47d6b84u, 0xc0678c5dbd23a49au}, /* 124 */
    {0x9745eb4d50ce6332u, 0xf840b7ba963646e0u}, /* 125 */
    {0xbd176620a501fbffu, 0xb650e5a93bc3d898u}, /* 126 */
    {0xec5d3fa8ce427affu, 0xa3e51f138ab4cebeu}, /* 127 */
    {0x93ba47c980e98cdfu, 0xc66f336c36b10137u}, /* 128 */
    {0xb8a8d9bbe123f017u, 0xb80b0047445d4184u}, /* 129 */
    {0xe6d3102ad96cec1du, 0xa60dc059157491e5u}, /* 130 */
    {0x9043ea1ac7e41392u, 0x87c89837ad68db2fu}, /* 131 */
    {0xb454e4a179dd1877u, 0x29babe4598c311fbu}, /* 132 */
    {0xe16a1dc9d8545e94u, 0xf4296dd6fef3d67au}, /* 133 */
    {0x8ce2529e2734bb1du, 0x1899e4a65f58660cu}, /* 134 */
    {0xb01ae745b101e9e4u, 0x5ec05dcff72e7f8fu}, /* 135 */
    {0xdc21a1171d42645du, 0x76707543f4fa1f73u}, /* 136 */
    {0x899504ae72497ebau, 0x6a06494a791c53a8u}, /* 137 */
    {0xabfa45da0edbde69u, 0x0487db9d17636892u}, /* 138 */
    {0xd6f8d7509292d603u, 0x45a9d2845d3c42b6u}, /* 139 */
    {0x865b86925b9bc5c2u, 0x0b8a2392ba45a9b2u}, /* 140 */
    {0xa7f26836f282b732u, 0x8e6cac7768d7141eu}, /* 141 */
    {0xd1ef0244af2364ffu, 0x3207d795430cd926u}, /* 142 */
    {0x8335616aed761f1fu, 0x7f44e6bd49e807b8u}, /* 143 */
    {0xa402b9c5a8d3a6e7u, 0x5f16206c9c6209a6u}, /* 144 */
    {0xcd036837130890a1u, 0x36dba887c37a8c0fu}, /* 145 */
    {0x802221226be55a64u, 0xc2494954da2c9789u}, /* 146 */
    {0xa02aa96b06deb0fdu, 0xf2db9baa10b7bd6cu}, /* 147 */
    {0xc83553c5c8965d3du, 0x6f92829494e5acc7u}, /* 148 */
    {0xfa42a8b73abbf48cu, 0xcb772339ba1f17f9u}, /* 149 */
    {0x9c69a97284b578d7u, 0xff2a760414536efbu}, /* 150 */
    {0xc38413cf25e2d70du, 0xfef5138519684abau}, /* 151 */
    {0xf46518c2ef5b8cd1u, 0x7eb258665fc25d69u}, /* 152 */
    {0x98bf2f79d5993802u, 0xef2f773ffbd97a61u}, /* 153 */
    {0xbeeefb584aff8603u, 0xaafb550ffacfd8fau}, /* 154 */
    {0xeeaaba2e5dbf6784u, 0x95ba2a53f983cf38u}, /* 155 */
    {0x952ab45cfa97a0b2u, 0xdd945a747bf26183u}, /* 156 */
    {0xba756174393d88dfu, 0x94f971119aeef9e4u}, /* 157 */
    {0xe912b9d1478ceb17u, 0x7a37cd5601aab85du}, /* 158 */
    {0x91abb422ccb812eeu, 0xac62e055c10ab33au}, /* 159 */
    {0xb616a12b7fe617aau, 0x577b986b314d6009u}, /* 160 */
    {0xe39c49765fdf9d94u, 0xed5a7e85fda0b80bu}, /* 161 */
    {0x8e41ade9fbebc27du, 0x14588f13be847307u}, /* 162 */
    {0xb1d219647ae6b31cu, 0x596eb2d8ae258fc8u}, /* 163 */
    {0xde469fbd99a05fe3u, 0x6fca5f8ed9aef3bbu}, /* 164 */
    {0x8aec23d680043beeu, 0x25de7bb9480d5854u}, /* 165 */
    {0xada72ccc20054ae9u, 0xaf561aa79a10ae6au}, /* 166 */
    {0xd910f7ff28069da4u, 0x1b2ba1518094da04u}, /* 167 */
    {0x87aa9aff79042286u, 0x90fb44d2f05d0842u}, /* 168 */
    {0xa99541bf57452b28u, 0x353a1607ac744a53u}, /* 169 */
    {0xd3fa922f2d1675f2u, 0x42889b8997915ce8u}, /* 170 */
    {0x847c9b5d7c2e09b7u, 0x69956135febada11u}, /* 171 */
    {0xa59bc234db398c25u, 0x43fab9837e699095u}, /* 172 */
    {0xcf02b2c21207ef2eu, 0x94f967e45e03f4bbu}, /* 173 */
    {0x8161afb94b44f57du, 0x1d1be0eebac278f5u}, /* 174 */
    {0xa1ba1ba79e1632dcu, 0x6462d92a69731732u}, /* 175 */
    {0xca28a291859bbf93u, 0x7d7b8f7503cfdcfeu}, /* 176 */
    {0xfcb2cb35e702af78u, 0x5cda735244c3d43eu}, /* 177 */
    {0x9defbf01b061adabu, 0x3a0888136afa64a7u}, /* 178 */
    {0xc56baec21c7a1916u, 0x088aaa1845b8fdd0u}, /* 179 */
    {0xf6c69a72a3989f5bu, 0x8aad549e57273d45u}, /* 180 */
    {0x9a3c2087a63f6399u, 0x36ac54e2f678864bu}, /* 181 */
    {0xc0cb28a98fcf3c7fu, 0x84576a1bb416a7ddu}, /* 182 */
    {0xf0fdf2d3f3c30b9fu, 0x656d44a2a11c51d5u}, /* 183 */
    {0x969eb7c47859e743u, 0x9f644ae5a4b1b325u}, /* 184 */
    {0xbc4665b596706114u, 0x873d5d9f0dde1feeu}, /* 185 */
    {0xeb57ff22fc0c7959u, 0xa90cb506d155a7eau}, /* 186 */
    {0x9316ff75dd87cbd8u, 0x09a7f12442d588f2u}, /* 187 */
    {0xb7dcbf5354e9beceu, 0x0c11ed6d538aeb2fu}, /* 188 */
    {0xe5d3ef282a242e81u, 0x8f1668c8a86da5fau}, /* 189 */
    {0x8fa475791a569d10u, 0xf96e017d694487bcu}, /* 190 */
    {0xb38d92d760ec4455u, 0x37c981dcc395a9acu}, /* 191 */
    {0xe070f78d3927556au, 0x85bbe253f47b1417u}, /* 192 */
    {0x8c469ab843b89562u, 0x93956d7478ccec8eu}, /* 193 */
    {0xaf58416654a6babbu, 0x387ac8d1970027b2u}, /* 194 */
    {0xdb2e51bfe9d0696au, 0x06997b05fcc0319eu}, /* 195 */
    {0x88fcf317f22241e2u, 0x441fece3bdf81f03u}, /* 196 */
    {0xab3c2fddeeaad25au, 0xd527e81cad7626c3u}, /* 197 */
    {0xd60b3bd56a5586f1u, 0x8a71e223d8d3b074u}, /* 198 */
    {0x85c7056562757456u, 0xf6872d5667844e49u}, /* 199 */
    {0xa738c6bebb12d16cu, 0xb428f8ac016561dbu}, /* 200 */
    {0xd106f86e69d785c7u, 0xe13336d701beba52u}, /* 201 */
    {0x82a45b450226b39cu, 0xecc0024661173473u}, /* 202 */
    {0xa34d721642b06084u, 0x27f002d7f95d0190u}, /* 203 */
    {0xcc20ce9bd35c78a5u, 0x31ec038df7b441f4u}, /* 204 */
    {0xff290242c83396ceu, 0x7e67047175a15271u}, /* 205 */
    {0x9f79a169bd203e41u, 0x0f0062c6e984d386u}, /* 206 */
    {0xc75809c42c684dd1u, 0x52c07b78a3e60868u}, /* 207 */
    {0xf92e0c3537826145u, 0xa7709a56ccdf8a82u}, /* 208 */
    {0x9bbcc7a142b17ccbu, 0x88a66076400bb691u}, /* 209 */
    {0xc2abf989935ddbfeu, 0x6acff893d00ea435u}, /* 210 */
    {0xf356f7ebf83552feu, 0x0583f6b8c4124d43u}, /* 211 */
    {0x98165af37b2153deu, 0xc3727a337a8b704au}, /* 212 */
    {0xbe1bf1b059e9a8d6u, 0x744f18c0592e4c5cu}, /* 213 */
    {0xeda2ee1c7064130cu, 0x1162def06f79df73u}, /* 214 */
    {0x9485d4d1c63e8be7u, 0x8addcb5645ac2ba8u}, /* 215 */
    {0xb9a74a0637ce2ee1u, 0x6d953e2bd7173692u}, /* 216 */
    {0xe8111c87c5c1ba99u, 0xc8fa8db6ccdd0437u}, /* 217 */
    {0x910ab1d4db9914a0u, 0x1d9c9892400a22a2u}, /* 218 */
    {0xb54d5e4a127f59c8u, 0x2503beb6d00cab4bu}, /* 219 */
    {0xe2a0b5dc971f303au, 0x2e44ae64840fd61du}, /* 220 */
    {0x8da471a9de737e24u, 0x5ceaecfed289e5d2u}, /* 221 */
    {0xb10d8e1456105dadu, 0x7425a83e872c5f47u}, /* 222 */
    {0xdd50f1996b947518u, 0xd12f124e28f77719u}, /* 223 */
    {0x8a5296ffe33cc92fu, 0x82bd6b70d99aaa6fu}, /* 224 */
    {0xace73cbfdc0bfb7bu, 0x636cc64d1001550bu}, /* 225 */
    {0xd8210befd30efa5au, 0x3c47f7e05401aa4eu}, /* 226 */
    {0x8714a775e3e95c78u, 0x65acfaec34810a71u}, /* 227 */
    {0xa8d9d1535ce3b396u, 0x7f1839a741a14d0du}, /* 228 */
    {0xd31045a8341ca07cu, 0x1ede48111209a050u}, /* 229 */
    {0x83ea2b892091e44du, 0x934aed0aab460432u}, /* 230 */
    {0xa4e4b66b68b65d60u, 0xf81da84d5617853fu}, /* 231 */
    {0xce1de40642e3f4b9u, 0x36251260ab9d668eu}, /* 232 */
    {0x80d2ae83e9ce78f3u, 0xc1d72b7c6b426019u}, /* 233 */
    {0xa1075a24e4421730u, 0xb24cf65b8612f81fu}, /* 234 */
    {0xc94930ae1d529cfcu, 0xdee033f26797b627u}, /* 235 */
    {0xfb9b7cd9a4a7443cu, 0x169840ef017da3b1u}, /* 236 */
    {0x9d412e0806e88aa5u, 0x8e1f289560ee864eu}, /* 237 */
    {0xc491798a08a2ad4eu, 0xf1a6f2bab92a27e2u}, /* 238 */
    {0xf5b5d7ec8acb58a2u, 0xae10af696774b1dbu}, /* 239 */
    {0x9991a6f3d6bf1765u, 0xacca6da1e0a8ef29u}, /* 240 */
    {0xbff610b0cc6edd3fu, 0x17fd090a58d32af3u}, /* 241 */
    {0xeff394dcff8a948eu, 0xddfc4b4cef07f5b0u}, /* 242 */
    {0x95f83d0a1fb69cd9u, 0x4abdaf101564f98eu}, /* 243 */
    {0xbb764c4ca7a4440fu, 0x9d6d1ad41abe37f1u}, /* 244 */
    {0xea53df5fd18d5513u, 0x84c86189216dc5edu}, /* 245 */
    {0x92746b9be2f8552cu, 0x32fd3cf5b4e49bb4u}, /* 246 */
    {0xb7118682dbb66a77u, 0x3fbc8c33221dc2a1u}, /* 247 */
    {0xe4d5e82392a40515u, 0x0fabaf3feaa5334au}, /* 248 */
    {0x8f05b1163ba6832du, 0x29cb4d87f2a7400eu}, /* 249 */
    {0xb2c71d5bca9023f8u, 0x743e20e9ef511012u}, /* 250 */
    {0xdf78e4b2bd342cf6u, 0x914da9246b255416u}, /* 251 */
    {0x8bab8eefb6409c1au, 0x1ad089b6c2f7548eu}, /* 252 */
    {0xae9672aba3d0c320u, 0xa184ac2473b529b1u}, /* 253 */
    {0xda3c0f568cc4f3e8u, 0xc9e5d72d90a2741eu}, /* 254 */
    {0x8865899617fb1871u, 0x7e2fa67c7a658892u}, /* 255 */
    {0xaa7eebfb9df9de8du, 0xddbb901b98feeab7u}, /* 256 */
    {0xd51ea6fa85785631u, 0x552a74227f3ea565u}, /* 257 */
    {0x8533285c936b35deu, 0xd53a88958f87275fu}, /* 258 */
    {0xa67ff273b8460356u, 0x8a892abaf368f137u}, /* 259 */
    {0xd01fef10a657842cu, 0x2d2b7569b0432d85u}, /* 260 */
    {0x8213f56a67f6b29bu, 0x9c3b29620e29fc73u}, /* 261 */
    {0xa298f2c501f45f42u, 0x8349f3ba91b47b8fu}, /* 262 */
    {0xcb3f2f7642717713u, 0x241c70a936219a73u}, /* 263 */
    {0xfe0efb53d30dd4d7u, 0xed238cd383aa0110u}, /* 264 */
    {0x9ec95d1463e8a506u, 0xf4363804324a40aau}, /* 265 */
    {0xc67bb4597ce2ce48u, 0xb143c6053edcd0d5u}, /* 266 */
    {0xf81aa16fdc1b81dau, 0xdd94b7868e94050au}, /* 267 */
    {0x9b10a4e5e9913128u, 0xca7cf2b4191c8326u}, /* 268 */
    {0xc1d4ce1f63f57d72u, 0xfd1c2f611f63a3f0u}, /* 269 */
    {0xf24a01a73cf2dccfu, 0xbc633b39673c8cecu}, /* 270 */
    {0x976e41088617ca01u, 0xd5be0503e085d813u}, /* 271 */
    {0xbd49d14aa79dbc82u, 0x4b2d8644d8a74e18u}, /* 272 */
    {0xec9c459d51852ba2u, 0xddf8e7d60ed1219eu}, /* 273 */
    {0x93e1ab8252f33b45u, 0xcabb90e5c942b503u}, /* 274 */
    {0xb8da1662e7b00a17u, 0x3d6a751f3b936243u}, /* 275 */
    {0xe7109bfba19c0c9du, 0x0cc512670a783ad4u}, /* 276 */
    {0x906a617d450187e2u, 0x27fb2b80668b24c5u}, /* 277 */
    {0xb484f9dc9641e9dau, 0xb1f9f660802dedf6u}, /* 278 */
    {0xe1a63853bbd26451u, 0x5e7873f8a0396973u}, /* 279 */
    {0x8d07e33455637eb2u, 0xdb0b487b6423e1e8u}, /* 280 */
    {0xb049dc016abc5e5fu, 0x91ce1a9a3d2cda62u}, /* 281 */
    {0xdc5c5301c56b75f7u, 0x7641a140cc7810fbu}, /* 282 */
    {0x89b9b3e11b6329bau, 0xa9e904c87fcb0a9du}, /* 283 */
    {0xac2820d9623bf429u, 0x546345fa9fbdcd44u}, /* 284 */
    {0xd732290fbacaf133u, 0xa97c177947ad4095u}, /* 285 */
    {0x867f59a9d4bed6c0u, 0x49ed8eabcccc485du}, /* 286 */
    {0xa81f301449ee8c70u, 0x5c68f256bfff5a74u}, /* 287 */
    {0xd226fc195c6a2f8cu, 0x73832eec6fff3111u}, /* 288 */
    {0x83585d8fd9c25db7u, 0xc831fd53c5ff7eabu}, /* 289 */
    {0xa42e74f3d032f525u, 0xba3e7ca8b77f5e55u}, /* 290 */
    {0xcd3a1230c43fb26fu, 0x28ce1bd2e55f35ebu}, /* 291 */
    {0x80444b5e7aa7cf85u, 0x7980d163cf5b81b3u}, /* 292 */
    {0xa0555e361951c366u, 0xd7e105bcc332621fu}, /* 293 */
    {0xc86ab5c39fa63440u, 0x8dd9472bf3fefaa7u}, /* 294 */
    {0xfa856334878fc150u, 0xb14f98f6f0feb951u}, /* 295 */
    {0x9c935e00d4b9d8d2u, 0x6ed1bf9a569f33d3u}, /* 296 */
    {0xc3b8358109e84f07u, 0x0a862f80ec4700c8u}, /* 297 */
    {0xf4a642e14c6262c8u, 0xcd27bb612758c0fau}, /* 298 */
    {0x98e7e9cccfbd7dbdu, 0x8038d51cb897789cu}, /* 299 */
    {0xbf21e44003acdd2cu, 0xe0470a63e6bd56c3u}, /* 300 */
    {0xeeea5d5004981478u, 0x1858ccfce06cac74u}, /* 301 */
    {0x95527a5202df0ccbu, 0x0f37801e0c43ebc8u}, /* 302 */
    {0xbaa718e68396cffdu, 0xd30560258f54e6bau}, /* 303 */
    {0xe950df20247c83fdu, 0x47c6b82ef32a2069u}, /* 304 */
    {0x91d28b7416cdd27eu, 0x4cdc331d57fa5441u}, /* 305 */
    {0xb6472e511c81471du, 0xe0133fe4adf8e952u}, /* 306 */
    {0xe3d8f9e563a198e5u, 0x58180fddd97723a6u}, /* 307 */
    {0x8e679c2f5e44ff8fu, 0x570f09eaa7ea7648u}, /* 308 */
    {0xb201833b35d63f73u, 0x2cd2cc6551e513dau}, /* 309 */
    {0xde81e40a034bcf4fu, 0xf8077f7ea65e58d1u}, /* 310 */
    {0x8b112e86420f6191u, 0xfb04afaf27faf782u}, /* 311 */
    {0xadd57a27d29339f6u, 0x79c5db9af1f9b563u}, /* 312 */
    {0xd94ad8b1c7380874u, 0x18375281ae7822bcu}, /* 313 */
    {0x87cec76f1c830548u, 0x8f2293910d0b15b5u}, /* 314 */
    {0xa9c2794ae3a3c69au, 0xb2eb3875504ddb22u}, /* 315 */
    {0xd433179d9c8cb841u, 0x5fa60692a46151ebu}, /* 316 */
    {0x849feec281d7f328u, 0xdbc7c41ba6bcd333u}, /* 317 */
    {0xa5c7ea73224deff3u, 0x12b9b522906c0800u}, /* 318 */
    {0xcf39e50feae16befu, 0xd768226b34870a00u}, /* 319 */
    {0x81842f29f2cce375u, 0xe6a1158300d46640u}, /* 320 */
    {0xa1e53af46f801c53u, 0x60495ae3c1097fd0u}, /* 321 */
    {0xca5e89b18b602368u, 0x385bb19cb14bdfc4u}, /* 322 */
    {0xfcf62c1dee382c42u, 0x46729e03dd9ed7b5u}, /* 323 */
    {0x9e19db92b4e31ba9u, 0x6c07a2c26a8346d1u}, /* 324 */
    {0xc5a05277621be293u, 0xc7098b7305241885u}, /* 325 */
    {0xf70867153aa2db38u, 0xb8cbee4fc66d1ea7u}, /* 326 */
    {0x9a65406d44a5c903u, 0x737f74f1dc043328u}, /* 327 */
    {0xc0fe908895cf3b44u, 0x505f522e53053ff2u}, /* 328 */
    {0xf13e34aabb430a15u, 0x647726b9e7c68fefu}, /* 329 */
    {0x96c6e0eab509e64du, 0x5eca783430dc19f5u}, /* 330 */
    {0xbc789925624c5fe0u, 0xb67d16413d132072u}, /* 331 */
    {0xeb96bf6ebadf77d8u, 0xe41c5bd18c57e88fu}, /* 332 */
    {0x933e37a534cbaae7u, 0x8e91b962f7b6f159u}, /* 333 */
    {0xb80dc58e81fe95a1u, 0x723627bbb5a4adb0u}, /* 334 */
    {0xe61136f2227e3b09u, 0xcec3b1aaa30dd91cu}, /* 335 */
    {0x8fcac257558ee4e6u, 0x213a4f0aa5e8a7b1u}, /* 336 */
    {0xb3bd72ed2af29e1fu, 0xa988e2cd4f62d19du}, /* 337 */
    {0xe0accfa875af45a7u, 0x93eb1b80a33b8605u}, /* 338 */
    {0x8c6c01c9498d8b88u, 0xbc72f130660533c3u}, /* 339 */
    {0xaf87023b9bf0ee6au, 0xeb8fad7c7f8680b4u}, /* 340 */
    {0xdb68c2ca82ed2a05u, 0xa67398db9f6820e1u}, /* 341 */
    {0x892179be91d43a43u, 0x88083f8943a1148cu}, /* 342 */
};

/* ---------------------------------------------------------------------- */
/* Big unsigned integers, fixed capacity, for the exact slow paths.        */
/* The largest numbers met: parsing compares up to ~2700 bits (800 digits
 * against a halfway point scaled by 5^1124), %g expands at most 1138 bits. */

#define BIG_LIMBS 96

typedef struct big {
    int n;                  /* limbs in use; the top one is non-zero */
    uint64_t d[BIG_LIMBS];  /* little-endian */
} big_t;

static void big_set(big_t *a, uint64_t v)
{
    a->n = v != 0;
    a->d[0] = v;
}

static void big_copy(big_t *dst, const big_t *src)
{
    dst->n = src->n;
    memcpy(dst->d, src->d, (size_t)src->n * sizeof src->d[0]);
}

static void big_trim(big_t *a)
{
    while (a->n > 0 && a->d[a->n - 1] == 0)
        a->n--;
}

/* a = a * m + add; false if the capacity would be exceeded */
static bool big_mul_add(big_t *a, uint64_t m, uint64_t add)
{
    uint64_t carry = add;
    for (int i = 0; i < a->n; i++) {
        u128 p = (u128)a->d[i] * m + carry;
        a->d[i] = (uint64_t)p;
        carry = (uint64_t)(p >> 64);
    }
    if (carry) {
        if (a->n == BIG_LIMBS)
            return false;
        a->d[a->n++] = carry;
    }
    return true;
}

static bool big_mul_pow5(big_t *a, int64_t e)
{
    while (e >= 27) {
        if (!big_mul_add(a, pow5_u64[27], 0))
            return false;
        e -= 27;
    }
    return e > 0 ? big_mul_add(a, pow5_u64[e], 0) : true;
}

static bool big_shl(big_t *a, int64_t sh)
{
    if (a->n == 0 || sh == 0)
        return true;
    if (sh > (int64_t)BIG_LIMBS * 64)
        return false;
    int limbs = (int)(sh / 64), bits = (int)(sh % 64);
    int n = a->n;
    if (n + limbs + (bits != 0) > BIG_LIMBS)
        return false;
    if (bits) {
        a->d[n + limbs] = a->d[n - 1] >> (64 - bits);
        for (int i = n - 1; i > 0; i--)
            a->d[i + limbs] = (a->d[i] << bits) | (a->d[i - 1] >> (64 - bits));
        a->d[limbs] = a->d[0] << bits;
        a->n = n + limbs + 1;
    } else {
        for (int i = n - 1; i >= 0; i--)
            a->d[i + limbs] = a->d[i];
        a->n = n + limbs;
    }
    for (int i = 0; i < limbs; i++)
        a->d[i] = 0;
    big_trim(a);
    return true;
}

static int big_cmp(const big_t *a, const big_t *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->d[i] != b->d[i])
            return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}

static int big_bits(const big_t *a)
{
    return a->n ? 64 * a->n - clz64(a->d[a->n - 1]) : 0;
}

/* a /= d, returns the remainder (d != 0) */
static uint64_t big_divmod_small(big_t *a, uint64_t d)
{
    u128 r = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        u128 cur = (r << 64) | a->d[i];
        a->d[i] = (uint64_t)(cur / d);
        r = cur % d;
    }
    big_trim(a);
    return (uint64_t)r;
}

/* Compares a * 2^ea * 5^fa with b * 2^eb * 5^fb; a and b are overwritten.
 * The callers keep all magnitudes far below the capacity; should that ever
 * fail, the sign of the difference of the binary logarithms decides, which
 * is right for any two numbers that differ by more than a factor of 2. */
static int big_cmp_scaled(big_t *a, int64_t ea, int64_t fa, big_t *b, int64_t eb, int64_t fb)
{
    if (a->n == 0 || b->n == 0)
        return (a->n != 0) - (b->n != 0);
    int64_t f = fa - fb, e = ea - eb;
    bool ok;
    if (f >= 0)
        ok = big_mul_pow5(a, f);
    else
        ok = big_mul_pow5(b, -f);
    if (ok)
        ok = e >= 0 ? big_shl(a, e) : big_shl(b, -e);
    if (ok)
        return big_cmp(a, b);
    double la = big_bits(a) + (double)ea + 2.321928094887362 * (double)fa;
    double lb = big_bits(b) + (double)eb + 2.321928094887362 * (double)fb;
    return la < lb ? -1 : 1;
}

/* ---------------------------------------------------------------------- */
/* Parsing                                                                 */

#define MAX_KEPT_DIGITS 800     /* significant digits kept by the slow path */
#define EXP_SATURATE 100000000000000000LL  /* 10^17 */

typedef struct dec {
    bool neg;
    const char *ip, *fp;    /* integer and fraction digits */
    size_t il, fl;
    int64_t exp;            /* written exponent, saturated */
    uint64_t w;             /* the first (up to 19) significant digits */
    int64_t nsig;           /* number of significant digits, from the first non-zero */
    bool truncated;         /* a non-zero digit after the 19 in w */
} dec_t;

static inline bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static void scan_digits(dec_t *d, const char *p, size_t len)
{
    size_t i = 0;
    if (d->nsig == 0) {
        while (i < len && p[i] == '0')
            i++;
    }
    while (i < len && d->nsig < 19) {
        d->w = d->w * 10 + (unsigned)(p[i] - '0');
        d->nsig++;
        i++;
    }
    if (i < len) {
        d->nsig += (int64_t)(len - i);
        if (!d->truncated) {
            for (; i < len; i++)
                if (p[i] != '0') {
                    d->truncated = true;
                    break;
                }
        }
    }
}

/* [+-]? ( digits ( '.' digits? )? | '.' digits ) ( [eE] [+-]? digits )? */
static bool scan_decimal(const char *s, size_t n, dec_t *d)
{
    size_t i = 0;
    memset(d, 0, sizeof *d);
    if (s == NULL)
        return false;
    if (i < n && (s[i] == '+' || s[i] == '-')) {
        d->neg = s[i] == '-';
        i++;
    }
    size_t start = i;
    while (i < n && is_digit(s[i]))
        i++;
    d->ip = s + start;
    d->il = i - start;
    d->fp = s + i;
    if (i < n && s[i] == '.') {
        i++;
        start = i;
        while (i < n && is_digit(s[i]))
            i++;
        d->fp = s + start;
        d->fl = i - start;
    }
    if (d->il + d->fl == 0)
        return false;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        bool eneg = false;
        if (i < n && (s[i] == '+' || s[i] == '-')) {
            eneg = s[i] == '-';
            i++;
        }
        start = i;
        int64_t e = 0;
        for (; i < n && is_digit(s[i]); i++)
            if (e < EXP_SATURATE)
                e = e * 10 + (s[i] - '0');
        if (i == start)
            return false;
        d->exp = eneg ? -e : e;
    }
    if (i != n)
        return false;
    scan_digits(d, d->ip, d->il);
    scan_digits(d, d->fp, d->fl);
    return true;
}

typedef struct flt_fmt {
    int mbits;      /* stored fraction bits: 52 / 23 */
    int emin2;      /* e2 of the subnormals (value m * 2^e2): -1074 / -149 */
    int emax2;      /* largest e2 of a finite value: 971 / 104 */
    int qmin, qmax; /* w * 10^q: below qmin rounds to 0, above qmax to inf */
} flt_fmt;

/* 10^19 * 10^-343 < 2^-1075 and 10^309 > 2^1024; 10^19 * 10^-66 < 2^-150
 * and 10^39 > 2^128. */
static const flt_fmt FMT_F64 = {52, -1074, 971, -342, 308};
static const flt_fmt FMT_F32 = {23, -149, 104, -65, 38};

/* Eisel-Lemire style rounding of w * 10^q (w >= 1, q in the table range),
 * "truncated": the true value is strictly between w*10^q and (w+1)*10^q.
 * Result m * 2^e2 (m < 2^(mbits+1); m < 2^mbits only with e2 = emin2; may
 * be beyond the largest finite value, the caller checks). Returns false when
 * the error bound leaves the rounding undecided: then m * 2^e2 is the value
 * rounded down at the right scale and the true value is near the halfway
 * point above it. */
static bool eisel_lemire(uint64_t w, int q, bool truncated, const flt_fmt *f, uint64_t *m, int *e2)
{
    int lz = clz64(w);
    uint64_t wn = w << lz;
    const uint64_t *p = pow5_table[q - POW5_QMIN];
    int b = flog2pow5(q) - 127;
    /* z = wn * P, 192 bits = hi * 2^64 + z0; Z = wn * 5^q * 2^-b is the
     * exact product, z <= Z < z + 2^64 (z = Z when P is exact), and the
     * value is Z * 2^e0. */
    u128 lo = (u128)wn * p[1];
    u128 hi = (u128)wn * p[0] + (uint64_t)(lo >> 64);
    uint64_t z0 = (uint64_t)lo;
    int top = (hi >> 127) ? 191 : 190; /* z >= 2^190 as wn >= 2^63, P >= 2^127 */
    int e0 = q + b - lz;
    int s = top - f->mbits;            /* bit of z that becomes the last bit kept */
    if (f->emin2 - e0 > s)
        s = f->emin2 - e0;             /* subnormal */
    if (s >= 193) {                    /* value < 2^(emin2 - 1): rounds to 0 */
        *m = 0;
        *e2 = f->emin2;
        return true;
    }
    int s1 = s - 64;                   /* >= 74: only hi matters for the bits */
    u128 mant = s1 >= 128 ? 0 : hi >> s1;
    u128 mask = s1 >= 128 ? ~(u128)0 : (((u128)1 << s1) - 1);
    u128 r = hi & mask;
    u128 half = (u128)1 << (s1 - 1);
    int dir; /* 1 round up, 0 down, -1 undecided */
    if (!truncated && q >= 0 && q <= POW5_EXACT_MAX) {
        /* exact product */
        if (r > half || (r == half && z0 != 0))
            dir = 1;
        else if (r == half)
            dir = (int)(mant & 1);
        else
            dir = 0;
    } else {
        /* the true product is > z and below z + width * 2^64: the table error
         * (< wn < 2^64), z0 (< 2^64) and, when digits were dropped, the step
         * to (w+1): 2^lz * (P+1) < 2^(lz+128) */
        u128 width = 2;
        if (truncated)
            width += ((u128)1 << (lz + 64)) + 1;
        if (r >= half)
            dir = 1;
        else if (r + width >= half)
            dir = -1;
        else
            dir = 0;
    }
    if (dir < 0) {
        *m = (uint64_t)mant;
        *e2 = s + e0;
        return false;
    }
    if (dir) {
        mant++;
        if (mant >> (f->mbits + 1)) {
            mant >>= 1;
            s++;
        }
    }
    *m = (uint64_t)mant;
    *e2 = s + e0;
    return true;
}

/* compares D * 10^eD (plus something when sticky) with h * 2^he */
static int cmp_decimal_halfway(const big_t *dd, int64_t ed, bool sticky, uint64_t h, int64_t he)
{
    big_t a, b;
    big_copy(&a, dd);
    big_set(&b, h);
    int c = big_cmp_scaled(&a, ed, ed, &b, he, 0);
    if (c == 0 && sticky)
        c = 1;
    return c;
}

/* Exact rounding, starting from a candidate m * 2^e2 near the value. */
static void slow_round(const dec_t *d, const flt_fmt *f, uint64_t *mp, int *e2p)
{
    big_t dd;
    big_set(&dd, 0);
    int64_t kd = 0;
    bool sticky = false, started = false;
    uint64_t chunk = 0;
    int clen = 0;
    for (int part = 0; part < 2 && !sticky; part++) {
        const char *p = part ? d->fp : d->ip;
        size_t len = part ? d->fl : d->il;
        for (size_t i = 0; i < len; i++) {
            unsigned c = (unsigned)(p[i] - '0');
            if (!started) {
                if (c == 0)
                    continue;
                started = true;
            }
            if (kd < MAX_KEPT_DIGITS) {
                chunk = chunk * 10 + c;
                kd++;
                if (++clen == 19) {
                    big_mul_add(&dd, pow10_u64[19], chunk);
                    chunk = 0;
                    clen = 0;
                }
            } else if (c != 0) {
                sticky = true;
                break;
            }
        }
    }
    if (clen)
        big_mul_add(&dd, pow10_u64[clen], chunk);
    int64_t ed = d->exp - (int64_t)d->fl + (d->nsig - kd);

    uint64_t m = *mp;
    int e2 = *e2p;
    const uint64_t hidden = (uint64_t)1 << f->mbits;
    /* a handful of steps at most: the candidate is within one unit */
    for (int iter = 0; iter < 16; iter++) {
        int c = cmp_decimal_halfway(&dd, ed, sticky, 2 * m + 1, (int64_t)e2 - 1);
        if (c >= 0) {
            if (c == 0 && (m & 1) == 0)
                break; /* tie, m is even */
            m++;
            if (m == hidden << 1) {
                m = hidden;
                e2++;
            }
            if (c == 0 || e2 > f->emax2)
                break;
            continue;
        }
        if (m == 0)
            break;
        uint64_t pm;
        int pe;
        if (m == hidden && e2 > f->emin2) {
            pm = (hidden << 1) - 1;
            pe = e2 - 1;
        } else {
            pm = m - 1;
            pe = e2;
        }
        c = cmp_decimal_halfway(&dd, ed, sticky, 2 * pm + 1, (int64_t)pe - 1);
        if (c > 0)
            break;
        if (c == 0 && (pm & 1))
            break; /* tie, m is the even one */
        m = pm;
        e2 = pe;
        if (c == 0)
            break;
    }
    *mp = m;
    *e2p = e2;
}

/* Rounds the scanned decimal to m * 2^e2 in format f; AK_NUM_RANGE when it
 * rounds to infinity (then m = 2^mbits, e2 = emax2 + 1, which encodes inf). */
static ak_num_status decimal_to_binary(const dec_t *d, const flt_fmt *f, uint64_t *m, int *e2)
{
    *m = 0;
    *e2 = f->emin2;
    if (d->nsig == 0)
        return AK_NUM_OK;
    int64_t kept = d->nsig < 19 ? d->nsig : 19;
    int64_t q64 = d->exp - (int64_t)d->fl + (d->nsig - kept);
    if (q64 < f->qmin)
        return AK_NUM_OK;
    if (q64 <= f->qmax) {
        int q = (int)q64;
        if (!eisel_lemire(d->w, q, d->truncated, f, m, e2))
            slow_round(d, f, m, e2);
        if (*e2 <= f->emax2)
            return AK_NUM_OK;
    }
    *m = (uint64_t)1 << f->mbits;
    *e2 = f->emax2 + 1;
    return AK_NUM_RANGE;
}

static uint64_t encode_bits(const flt_fmt *f, uint64_t m, int e2)
{
    uint64_t hidden = (uint64_t)1 << f->mbits;
    if (m < hidden)
        return m; /* subnormal or zero */
    return ((uint64_t)(e2 - f->emin2 + 1) << f->mbits) | (m - hidden);
}

#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
#define AK_CLINGER 1
#else
#define AK_CLINGER 0
#endif

static const double exact_pow10_f64[23] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};
static const float exact_pow10_f32[11] = {
    1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f,
};

/* The 8 bytes s[at..at+8) as a little-endian word where all are within
 * s[0..n) (n >= 8), else the ones that are, zero bytes (no digit) above. */
static inline uint64_t word_at(const char *s, size_t n, size_t at)
{
    uint64_t w;
    size_t drop = at + 8 <= n ? 0 : at + 8 - n; /* 1..8: bytes past the end */
    memcpy(&w, s + at - drop, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return drop >= 8 ? 0 : w >> (8 * drop);
}

/* How many of the bytes of such a word, from its first, are ASCII digits. */
static inline unsigned digit_run(uint64_t w)
{
    w ^= UINT64_C(0x3030303030303030); /* a digit is now 0..9 */
    const uint64_t stop =
        (((w & UINT64_C(0x7f7f7f7f7f7f7f7f)) + UINT64_C(0x7676767676767676)) | w) & UINT64_C(0x8080808080808080);
    return stop ? (unsigned)__builtin_ctzll(stop) >> 3 : 8;
}

/* The value of the first k (1..8) bytes of such a word, all digits: the
 * digits moved to the top of the word (zeros before them are leading
 * zeros), then pairs, fours and the eight combined by three products. */
static inline uint64_t digits_value(uint64_t w, unsigned k)
{
    w -= UINT64_C(0x3030303030303030); /* a borrow runs only into the bytes past k */
    w <<= 8 * (8 - k);
    w = w * 10 + (w >> 8);
    return (((w & UINT64_C(0x000000ff000000ff)) * (100 + (UINT64_C(1000000) << 32))) +
            (((w >> 16) & UINT64_C(0x000000ff000000ff)) * (1 + (UINT64_C(10000) << 32)))) >>
           32;
}

/* The common short literal, [-]digits[.digits] with at most 19 digits:
 * its digits as one integer *w, how many of them follow the point, and the
 * sign. False for anything else, which scan_decimal then reads (the fast
 * paths below need no more than this, and the full scan costs several
 * times as much on the numbers files are made of). Literals of 8 bytes or
 * more go 8 bytes at a time: a loop over the bytes, its branch on the
 * point and its end, costs most of a parse and mispredicts where no
 * predictor knows the digit counts. */
static inline bool short_decimal(const char *s, size_t n, uint64_t *w, int *frac, bool *neg)
{
    if (n == 0 || n > 20)
        return false;
    size_t first = s[0] == '-', point = n, digits = 0;
    uint64_t v = 0;
    if (n >= 8) {
        /* most: the integer digits within the first word, then a point and
           at most 8 digits: two words, no loop */
        const uint64_t w0 = word_at(s, n, first);
        const unsigned k0 = digit_run(w0);
        const size_t at = first + k0, f = n - at - 1; /* the point's place, the fraction's digits */
        if (k0 && at < n && s[at] == '.' && f >= 1 && f <= 8) {
            const uint64_t w1 = word_at(s, n, at + 1);
            if (digit_run(w1) >= f) {
                *w = digits_value(w0, k0) * pow10_u64[f] + digits_value(w1, (unsigned)f);
                *frac = (int)f;
                *neg = first != 0;
                return true;
            }
        }
        for (size_t i = first;;) {
            const uint64_t word = word_at(s, n, i);
            const unsigned k = digit_run(word);
            if (k) {
                if (digits + k > 19)
                    return false;
                v = v * pow10_u64[k] + digits_value(word, k);
                digits += k;
                i += k;
            }
            if (i >= n)
                break;
            if (k == 8)
                continue;
            if (s[i] != '.' || point != n)
                return false;
            point = i++;
        }
    } else {
        for (size_t i = first; i < n; i++) {
            unsigned d = (unsigned)(unsigned char)s[i] - '0';
            if (d < 10) {
                v = v * 10 + d;
            } else {
                if (s[i] != '.' || point != n)
                    return false;
                point = i;
            }
        }
        digits = n - first - (point != n);
    }
    if (digits == 0 || digits > 19)
        return false;
    *w = v;
    *frac = point == n ? 0 : (int)(n - point - 1);
    *neg = first != 0;
    return true;
}

/* Clinger's fast path: w / 10^frac as a double, correctly rounded (w at
 * most 2^53, frac at most 22: both exact, one rounding). */
static inline double short_f64(uint64_t w, int frac)
{
    double v = (double)w;
    return frac ? v / exact_pow10_f64[frac] : v;
}

static ak_num_status parse_f64_scanned(const char *s, size_t n, double *out);

ak_num_status ak_parse_f64(const char *s, size_t n, double *out)
{
    uint64_t sw;
    int sf;
    bool sneg;
    if (AK_CLINGER && short_decimal(s, n, &sw, &sf, &sneg) && sw <= ((uint64_t)1 << 53) && sf <= 22) {
        double v = short_f64(sw, sf);
        *out = sneg ? -v : v;
        return AK_NUM_OK;
    }
    return parse_f64_scanned(s, n, out);
}

/* The rest of ak_parse_f64, apart so that the short path needs no frame. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static ak_num_status parse_f64_scanned(const char *s, size_t n, double *out)
{
    dec_t d;
    if (!scan_decimal(s, n, &d)) {
        *out = 0.0;
        return AK_NUM_SYNTAX;
    }
    if (AK_CLINGER && !d.truncated && d.nsig <= 19 && d.w <= ((uint64_t)1 << 53)) {
        int64_t q = d.exp - (int64_t)d.fl;
        uint64_t w = d.w;
        if (q > 22 && q <= 22 + 15 && w <= ((uint64_t)1 << 53) / pow10_u64[q - 22]) {
            w *= pow10_u64[q - 22];
            q = 22;
        }
        if (q >= -22 && q <= 22) {
            double v = (double)w;
            v = q < 0 ? v / exact_pow10_f64[-q] : v * exact_pow10_f64[q];
            *out = d.neg ? -v : v;
            return AK_NUM_OK;
        }
    }
    uint64_t m;
    int e2;
    ak_num_status st = decimal_to_binary(&d, &FMT_F64, &m, &e2);
    uint64_t bits = encode_bits(&FMT_F64, m, e2) | ((uint64_t)d.neg << 63);
    double v;
    memcpy(&v, &bits, sizeof v);
    *out = v;
    return st;
}

static ak_num_status parse_f32_scanned(const char *s, size_t n, float *out);

/* Whether a double is halfway between two adjacent floats (its 29 bits
 * below a float's precision are 1000...0: a normal float's range, which
 * is all that the short path below gives). */
static inline bool float_midpoint(double v)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return (b & (((uint64_t)1 << 29) - 1)) == (uint64_t)1 << 28;
}

ak_num_status ak_parse_f32(const char *s, size_t n, float *out)
{
    uint64_t sw;
    int sf;
    bool sneg;
    if (AK_CLINGER && short_decimal(s, n, &sw, &sf, &sneg) && sw <= ((uint64_t)1 << 53) && sf <= 22) {
        if (sw <= ((uint64_t)1 << 24) && sf <= 10) {
            float v = (float)sw; /* Clinger's fast path, as below */
            v = sf ? v / exact_pow10_f32[sf] : v;
            *out = sneg ? -v : v;
            return AK_NUM_OK;
        }
        /* More digits (a float written as a double): the correctly rounded
           double (Clinger's f64 path), then the float nearest to it, which
           is the float nearest to the decimal unless the double is itself
           halfway between two floats (a float midpoint strictly between
           the decimal and the double would be a closer double). The values
           are at least 1e-22: normal floats. */
        double d = short_f64(sw, sf);
        if (!float_midpoint(d)) {
            float v = (float)d;
            *out = sneg ? -v : v;
            return AK_NUM_OK;
        }
    }
    return parse_f32_scanned(s, n, out);
}

/* The rest of ak_parse_f32, apart so that the short path needs no frame. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static ak_num_status parse_f32_scanned(const char *s, size_t n, float *out)
{
    dec_t d;
    if (!scan_decimal(s, n, &d)) {
        *out = 0.0f;
        return AK_NUM_SYNTAX;
    }
    if (AK_CLINGER && !d.truncated && d.nsig <= 19 && d.w <= ((uint64_t)1 << 24)) {
        int64_t q = d.exp - (int64_t)d.fl;
        uint64_t w = d.w;
        if (q > 10 && q <= 10 + 7 && w <= ((uint64_t)1 << 24) / pow10_u64[q - 10]) {
            w *= pow10_u64[q - 10];
            q = 10;
        }
        if (q >= -10 && q <= 10) {
            float v = (float)w;
            v = q < 0 ? v / exact_pow10_f32[-q] : v * exact_pow10_f32[q];
            *out = d.neg ? -v : v;
            return AK_NUM_OK;
        }
    }
    uint64_t m;
    int e2;
    ak_num_status st = decimal_to_binary(&d, &FMT_F32, &m, &e2);
    uint32_t bits = (uint32_t)encode_bits(&FMT_F32, m, e2) | ((uint32_t)d.neg << 31);
    float v;
    memcpy(&v, &bits, sizeof v);
    *out = v;
    return st;
}

/* [+-]? digits; magnitude saturated, *over set when it exceeded UINT64_MAX */
static bool scan_integer(const char *s, size_t n, bool *neg, uint64_t *mag, bool *over)
{
    size_t i = 0;
    *neg = false;
    *mag = 0;
    *over = false;
    if (s == NULL)
        return false;
    if (i < n && (s[i] == '+' || s[i] == '-')) {
        *neg = s[i] == '-';
        i++;
    }
    if (i == n)
        return false;
    uint64_t v = 0;
    for (; i < n; i++) {
        if (!is_digit(s[i]))
            return false;
        unsigned c = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - c) / 10)
            *over = true;
        else if (!*over)
            v = v * 10 + c;
    }
    *mag = *over ? UINT64_MAX : v;
    return true;
}

ak_num_status ak_parse_i64(const char *s, size_t n, int64_t *out)
{
    bool neg, over;
    uint64_t mag;
    if (!scan_integer(s, n, &neg, &mag, &over)) {
        *out = 0;
        return AK_NUM_SYNTAX;
    }
    if (neg) {
        if (over || mag > (uint64_t)INT64_MAX + 1) {
            *out = INT64_MIN;
            return AK_NUM_RANGE;
        }
        *out = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
        return AK_NUM_OK;
    }
    if (over || mag > (uint64_t)INT64_MAX) {
        *out = INT64_MAX;
        return AK_NUM_RANGE;
    }
    *out = (int64_t)mag;
    return AK_NUM_OK;
}

ak_num_status ak_parse_u64(const char *s, size_t n, uint64_t *out)
{
    bool neg, over;
    uint64_t mag;
    if (!scan_integer(s, n, &neg, &mag, &over)) {
        *out = 0;
        return AK_NUM_SYNTAX;
    }
    if (neg) {
        *out = 0;
        return mag == 0 ? AK_NUM_OK : AK_NUM_RANGE;
    }
    *out = mag;
    return over ? AK_NUM_RANGE : AK_NUM_OK;
}

/* ---------------------------------------------------------------------- */
/* Shortest round-trip digits                                              */

/* floor(x * 2^q * 10^-k) with exact arithmetic, given that it is I or I + 1
 * (the 128-bit estimate below could not tell). Returns the floor with bit 0
 * set when the product is not an integer (see scaled_bound). */
static uint64_t scaled_bound_exact(uint64_t x, int q, int k, uint64_t I)
{
    if (k >= 1 && k <= 27 && q - k >= 0 && q - k <= 71) {
        /* x * 2^(q-k) / 5^k: the numerator is < 2^60 * 5^27 < 2^128 */
        u128 num = (u128)x << (q - k);
        u128 fl = num / pow5_u64[k];
        return (uint64_t)fl | (fl * pow5_u64[k] != num);
    }
    big_t a, b;
    big_set(&a, x);
    big_set(&b, I + 1);
    int c = big_cmp_scaled(&a, (int64_t)q - k, -(int64_t)k, &b, 0, 0);
    if (c >= 0)
        return c == 0 ? I + 1 : (I + 1) | 1;
    /* below I + 1: exactly I or in between */
    big_set(&a, x);
    big_set(&b, I);
    c = big_cmp_scaled(&a, (int64_t)q - k, -(int64_t)k, &b, 0, 0);
    return c == 0 ? I : I | 1;
}

/* floor(x * 2^q * 10^-k), with bit 0 forced to 1 when the product is not an
 * integer. x < 2^56 and 2^q * 10^-k in [1, 40/3), so the result is < 2^60.
 * Comparing the result with an even integer T (<=, <, ==) then gives the
 * same answer as comparing the exact product with T.
 *
 * With 10^-k = 5^j * 2^j (j = -k) and 5^j = (P + d) * 2^b, the product is
 * (x*P + x*d) / 2^sh, sh = -(q + j + b) in [124, 128]. x*P is computed
 * exactly (192 bits); x*d < 2^56. If the fraction bits of x*P are not all
 * ones above bit 64, adding x*d can neither reach the next integer nor make
 * an inexact product exact, so floor and flag follow; else settle exactly. */
static uint64_t scaled_bound(uint64_t x, int q, int k)
{
    int j = -k;
    const uint64_t *p = pow5_table[j - POW5_QMIN];
    int s1 = -(q + j + flog2pow5(j) - 127) - 64;
    u128 lo = (u128)x * p[1];
    u128 hi = (u128)x * p[0] + (uint64_t)(lo >> 64);
    uint64_t z0 = (uint64_t)lo;
    uint64_t I = (uint64_t)(hi >> s1);
    u128 fmask = ((u128)1 << s1) - 1;
    u128 fh = hi & fmask;
    if (j >= 0 && j <= POW5_EXACT_MAX)
        return I | ((fh | z0) != 0);
    if (fh != fmask)
        return I | 1;
    return scaled_bound_exact(x, q, k, I);
}

/* What scaled_bound32 takes of 10^-k, once for a float's three bounds:
 * the high word of P (pow5_table), the shift that puts the floor in the
 * high word of its product (64 - s1 of scaled_bound, 0..4), and whether
 * P is exact and its low word zero (5^0..5^27). */
typedef struct scale32 {
    uint64_t p0;
    int t;
    bool exact;
} scale32;

static inline scale32 scale32_of(int q, int k)
{
    int j = -k;
    const uint64_t *p = pow5_table[j - POW5_QMIN];
    return (scale32){p[0], q + j + flog2pow5(j) + 1, p[1] == 0 && j >= 0 && j <= POW5_EXACT_MAX};
}

/* scaled_bound for x < 2^27 (the bounds of a float): the same floor and
 * flag from one 64-bit product, x times the high word of P, where that
 * decides them. The rest of the product, x * (lo + d) / 2^64, is below x
 * in units of the high product's last bit; so with F its fraction bits
 * (below the floor's), floor and flag follow where F + x <= 2^s1: the
 * whole rest then stays below the next integer, and is zero only where P
 * is exact and its low word zero. Shifted by t = 64 - s1, the floor is
 * the product's high word and F its low word (F * 2^t): the test is
 * F * 2^t + x * 2^t <= 2^64. Else the 128-bit scaled_bound decides:
 * 0.9% of the bounds over all floats (19,077,335 of 3 * 2^31), products
 * that are integers with j < 0 (floats from 2^27 up: integers whose
 * bounds 10^-k divides), where the rest's truncation leaves F all ones.
 * Checked against scaled_bound over every finite float (the same digits
 * for all 2^31). */
static inline uint64_t scaled_bound32(uint64_t x, int q, int k, scale32 sc)
{
    uint64_t xt = x << sc.t; /* < 2^31, and > 0 (x >= 2) */
    u128 g = (u128)xt * sc.p0;
    uint64_t f = (uint64_t)g;
    if (f > (uint64_t)0 - xt)
        return scaled_bound(x, q, k);
    return (uint64_t)(g >> 64) | (!sc.exact || f != 0);
}

/* v = c * 2^q (c >= 1); asym: c is a power of two whose lower neighbour is
 * closer (half the spacing). Returns the digits as an integer (with
 * trailing zeros: put_shortest strips them), the value being
 * *digits * 10^*k. */
static inline __attribute__((always_inline)) uint64_t shortest_core_with(uint64_t c, int q, bool asym, int *kout,
                                                                          bool f32)
{
    /* In units of 2^(q-2): v = 4c, the interval ends 4c - 2 (4c - 1 when
     * asym) and 4c + 2, included iff c is even. k makes the width
     * (4 or 3) * 2^(q-2) * 10^-k lie in [1, 10). */
    uint64_t cb = c << 2;
    uint64_t cbl = asym ? cb - 1 : cb - 2;
    uint64_t cbr = cb + 2;
    int k = asym ? flog10threequarterspow2(q) : flog10pow2(q);
    uint64_t out = c & 1; /* 1: ends excluded */
    /* 4 * (end or value) * 10^-k as floor | inexact */
    scale32 sc = f32 ? scale32_of(q, k) : (scale32){0, 0, false};
    uint64_t vb = f32 ? scaled_bound32(cb, q, k, sc) : scaled_bound(cb, q, k);
    uint64_t vbl = f32 ? scaled_bound32(cbl, q, k, sc) : scaled_bound(cbl, q, k);
    uint64_t vbr = f32 ? scaled_bound32(cbr, q, k, sc) : scaled_bound(cbr, q, k);
    uint64_t s = vb >> 2, r;
    if (s >= 10) {
        /* At most one multiple of 10 in the interval; when there is one it
         * has fewer digits than any other candidate. */
        uint64_t sp10 = s / 10 * 10, tp10 = sp10 + 10;
        bool upin = vbl + out <= sp10 << 2;
        bool wpin = (tp10 << 2) + out <= vbr;
        if (upin != wpin) {
            r = upin ? sp10 : tp10;
            goto strip;
        }
    }
    {
        uint64_t t = s + 1;
        bool uin = vbl + out <= s << 2;
        bool win = (t << 2) + out <= vbr;
        if (uin != win)
            r = uin ? s : t;
        else /* both in: the closer one, a tie to the even one */
            r = (vb < (s << 2) + 2 || (vb == (s << 2) + 2 && (s & 1) == 0)) ? s : t;
    }
strip:
    *kout = k;
    return r;
}

static uint64_t shortest_core(uint64_t c, int q, bool asym, int *kout)
{
    return shortest_core_with(c, q, asym, kout, false);
}

/* a float's: c < 2^24, so its bounds are below 2^27 (scaled_bound32) */
static uint64_t shortest_core32(uint64_t c, int q, bool asym, int *kout)
{
    return shortest_core_with(c, q, asym, kout, true);
}

static int u64_digit_count(uint64_t v)
{
    /* from the bit length: n = floor(log10(2^bits)) by 1233/4096 ~ log10(2),
       the digits n + 1 but where v is below 10^n (no loop whose end a
       branch predictor must guess). v | 1: 0 has a digit too, and no other
       count changes (10^n - 1 is odd). */
    int bits = 64 - __builtin_clzll(v | 1);
    int n = (bits * 1233) >> 12;
    return n + 1 - ((v | 1) < pow10_u64[n]);
}

static const char digit_pairs[200] = {
    '0','0','0','1','0','2','0','3','0','4','0','5','0','6','0','7','0','8','0','9',
    '1','0','1','1','1','2','1','3','1','4','1','5','1','6','1','7','1','8','1','9',
    '2','0','2','1','2','2','2','3','2','4','2','5','2','6','2','7','2','8','2','9',
    '3','0','3','1','3','2','3','3','3','4','3','5','3','6','3','7','3','8','3','9',
    '4','0','4','1','4','2','4','3','4','4','4','5','4','6','4','7','4','8','4','9',
    '5','0','5','1','5','2','5','3','5','4','5','5','5','6','5','7','5','8','5','9',
    '6','0','6','1','6','2','6','3','6','4','6','5','6','6','6','7','6','8','6','9',
    '7','0','7','1','7','2','7','3','7','4','7','5','7','6','7','7','7','8','7','9',
    '8','0','8','1','8','2','8','3','8','4','8','5','8','6','8','7','8','8','8','9',
    '9','0','9','1','9','2','9','3','9','4','9','5','9','6','9','7','9','8','9','9',
};

/* writes exactly len digits of v (zero-padded on the left), no NUL */
static void write_digits(char *p, uint64_t v, int len)
{
    char *e = p + len;
    /* 64 bits only while v needs them: dividing 32 bits by 100 is a
       shorter multiplication (a float's digits are all below 2^32) */
    for (; v > UINT32_MAX; v /= 100) {
        unsigned r = (unsigned)(v % 100);
        e -= 2;
        e[0] = digit_pairs[2 * r];
        e[1] = digit_pairs[2 * r + 1];
    }
    uint32_t u = (uint32_t)v;
    while (e - p >= 2) {
        unsigned r = u % 100;
        u /= 100;
        e -= 2;
        e[0] = digit_pairs[2 * r];
        e[1] = digit_pairs[2 * r + 1];
    }
    if (e > p)
        *--e = (char)('0' + u % 10);
}

static int put_shortest(uint64_t r, int k, char *digits, int *exp10)
{
    while (r % 10 == 0) {
        r /= 10;
        k++;
    }
    int nd = u64_digit_count(r);
    write_digits(digits, r, nd);
    digits[nd] = '\0';
    *exp10 = k + nd - 1;
    return nd;
}

/* w's bytes at p, its lowest first (word_at's order) */
static inline void store_word(char *p, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    memcpy(p, &w, 8);
}

/* The digits of v < 10^8, eight of them (leading zeros included) as the
 * values 0..9 in the bytes of a word, the first digit in its lowest byte
 * (the first in memory, store_word). v splits into two halves of
 * four digits in 32-bit lanes, each into two of two in 16-bit lanes,
 * each into two digits in bytes: in each lane a quotient from a product
 * and a shift (exact for the lanes' ranges: 10486 / 2^20 of v < 10^4 by
 * 100, 103 / 2^10 of v < 100 by 10) and the remainder from it. */
static inline uint64_t eight_digits(uint32_t v)
{
    uint64_t x = v / 10000 | (uint64_t)(v % 10000) << 32;
    uint64_t hundreds = (x * 10486 >> 20) & UINT64_C(0x0000007f0000007f);
    x = hundreds | (x - hundreds * 100) << 16;
    uint64_t tens = (x * 103 >> 10) & UINT64_C(0x000f000f000f000f);
    return tens | (x - tens * 10) << 8;
}

/* put_shortest of a float's digits (r < 2^32), from eight_digits: its
 * trailing zeros are the word's zero bytes at the top, counted, not
 * divided away one by one. A value of 10 digits, or whose last 8 are
 * zeros, goes the general way. */
static int put_shortest32(uint64_t r, int k, char *digits, int *exp10)
{
    uint32_t high = (uint32_t)(r / 100000000), low = (uint32_t)(r % 100000000);
    if (high > 9 || low == 0)
        return put_shortest(r, k, digits, exp10);
    uint64_t w = eight_digits(low);
    int nd;
    if (high) {
        digits[0] = (char)('0' + high);
        nd = 9 - __builtin_clzll(w) / 8;
        store_word(digits + 1, w | UINT64_C(0x3030303030303030));
        *exp10 = k + 8;
    } else {
        int lead = __builtin_ctzll(w) / 8; /* leading zeros: low is not 0 */
        w >>= 8 * lead;
        nd = 8 - __builtin_clzll(w) / 8;
        store_word(digits, w | UINT64_C(0x3030303030303030));
        *exp10 = k + 7 - lead;
    }
    digits[nd] = '\0';
    return nd;
}

/* integer_digits: an integer below 2^53 (2^24 for a float) is its own
 * shortest digits, found without shortest_core (a fifth of the numbers a
 * conversion writes are such, most of them 0 and 1). The numbers next to it
 * are at most 1 away, so the interval that rounds to it is within half of
 * one on each side and holds no other integer; and a number in it that is
 * not an integer has at least as many digits as the integer part it shares
 * with it (or with it less one, which has at most one digit fewer) plus a
 * fraction digit: never fewer than the integer's own, and at as many, the
 * integer is the closer. */

/* Non-finite input (outside the contract) gives no digits and returns 0. */
int ak_shortest_f64(double v, char digits[18], int *exp10, bool *negative)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    *negative = (bits >> 63) != 0;
    uint64_t frac = bits & (((uint64_t)1 << 52) - 1);
    int be = (int)((bits >> 52) & 0x7ff);
    *exp10 = 0;
    if (be == 0x7ff) { /* not finite: no digits */
        digits[0] = '\0';
        return 0;
    }
    if (be == 0 && frac == 0) {
        digits[0] = '0';
        digits[1] = '\0';
        return 1;
    }
    double a = *negative ? -v : v;
    if (a < 9007199254740992.0 && a == (double)(int64_t)a)
        return put_shortest((uint64_t)a, 0, digits, exp10); /* see integer_digits */
    uint64_t c = be ? frac | ((uint64_t)1 << 52) : frac;
    int q = be ? be - 1075 : -1074;
    int k;
    uint64_t r = shortest_core(c, q, frac == 0 && be > 1, &k);
    return put_shortest(r, k, digits, exp10);
}

int ak_shortest_f32(float v, char digits[10], int *exp10, bool *negative)
{
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    *negative = (bits >> 31) != 0;
    uint32_t frac = bits & ((1u << 23) - 1);
    int be = (int)((bits >> 23) & 0xff);
    *exp10 = 0;
    if (be == 0xff) {
        digits[0] = '\0';
        return 0;
    }
    if (be == 0 && frac == 0) {
        digits[0] = '0';
        digits[1] = '\0';
        return 1;
    }
    float a = *negative ? -v : v;
    if (a < 16777216.0f && a == (float)(int32_t)a)
        return put_shortest((uint64_t)a, 0, digits, exp10); /* see integer_digits */
    uint64_t c = be ? frac | (1u << 23) : frac;
    int q = be ? be - 150 : -149;
    int k;
    uint64_t r = shortest_core32(c, q, frac == 0 && be > 1, &k);
    return put_shortest32(r, k, digits, exp10);
}

/* ---------------------------------------------------------------------- */
/* Text                                                                    */

static size_t put_str(char *buf, const char *s)
{
    size_t n = strlen(s);
    memcpy(buf, s, n + 1);
    return n;
}

/* e+XX / e-XXX, at least two exponent digits */
static char *put_exponent(char *p, int e)
{
    *p++ = 'e';
    *p++ = e < 0 ? '-' : '+';
    unsigned u = e < 0 ? (unsigned)-e : (unsigned)e;
    int len = u >= 100 ? 3 : 2;
    write_digits(p, u, len);
    return p + len;
}

/* JSON-style layout of d1.d2...dn x 10^point */
static size_t layout_shortest(char *buf, bool neg, const char *dig, int nd, int point)
{
    char *p = buf;
    if (neg)
        *p++ = '-';
    if (point >= -7 && point < 21) {
        if (point >= nd - 1) {
            memcpy(p, dig, (size_t)nd);
            p += nd;
            memset(p, '0', (size_t)(point - nd + 1));
            p += point - nd + 1;
        } else if (point >= 0) {
            memcpy(p, dig, (size_t)point + 1);
            p += point + 1;
            *p++ = '.';
            memcpy(p, dig + point + 1, (size_t)(nd - point - 1));
            p += nd - point - 1;
        } else {
            *p++ = '0';
            *p++ = '.';
            memset(p, '0', (size_t)(-point - 1));
            p += -point - 1;
            memcpy(p, dig, (size_t)nd);
            p += nd;
        }
    } else {
        *p++ = dig[0];
        if (nd > 1) {
            *p++ = '.';
            memcpy(p, dig + 1, (size_t)nd - 1);
            p += nd - 1;
        }
        p = put_exponent(p, point);
    }
    *p = '\0';
    return (size_t)(p - buf);
}

size_t ak_format_f64(double v, char *buf)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    if (((bits >> 52) & 0x7ff) == 0x7ff) {
        if (bits & (((uint64_t)1 << 52) - 1))
            return put_str(buf, "nan");
        return put_str(buf, bits >> 63 ? "-inf" : "inf");
    }
    char dig[18];
    int point;
    bool neg;
    int nd = ak_shortest_f64(v, dig, &point, &neg);
    return layout_shortest(buf, neg, dig, nd, point);
}

size_t ak_format_f32(float v, char *buf)
{
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    if (((bits >> 23) & 0xff) == 0xff) {
        if (bits & ((1u << 23) - 1))
            return put_str(buf, "nan");
        return put_str(buf, bits >> 31 ? "-inf" : "inf");
    }
    char dig[10];
    int point;
    bool neg;
    int nd = ak_shortest_f32(v, dig, &point, &neg);
    return layout_shortest(buf, neg, dig, nd, point);
}

/* ---------------------------------------------------------------------- */
/* %g                                                                      */

#define G_MAX_PRECISION 40

/* appends the digits of src (len) to tmp, up to cap; the rest only
 * contributes to *sticky */
static void collect(char *tmp, int *nt, int cap, const char *src, int len, bool *sticky)
{
    for (int i = 0; i < len; i++) {
        if (*nt < cap)
            tmp[(*nt)++] = src[i];
        else if (src[i] != '0')
            *sticky = true;
    }
}

/* The first P (1..40) significant digits of c * 2^q (c >= 1), rounded half
 * to even, from the exact decimal expansion. Writes P digit characters to
 * dig and returns the decimal exponent of the first one. */
static int exact_digits(uint64_t c, int q, int P, char *dig)
{
    char tmp[G_MAX_PRECISION + 2];
    const int cap = P + 1;
    int nt = 0, e10 = 0;
    bool sticky = false;
    char chunk[20];
    big_t a;
    big_set(&a, c);
    if (q >= 0) {
        /* an integer below 2^1024: convert it in chunks of 19 digits */
        uint64_t chunks[20];
        int nc = 0;
        big_shl(&a, q);
        while (a.n && nc < 20)
            chunks[nc++] = big_divmod_small(&a, pow10_u64[19]);
        int tl = u64_digit_count(chunks[nc - 1]);
        write_digits(chunk, chunks[nc - 1], tl);
        collect(tmp, &nt, cap, chunk, tl, &sticky);
        for (int i = nc - 2; i >= 0; i--) {
            write_digits(chunk, chunks[i], 19);
            collect(tmp, &nt, cap, chunk, 19, &sticky);
        }
        e10 = tl - 1 + 19 * (nc - 1);
    } else {
        /* integer part, then the fraction a / 2^fb, 19 digits at a time */
        int fb = -q;
        int zeros = 0;
        bool started = false;
        if (fb < 64) {
            uint64_t ip = c >> fb;
            big_set(&a, c & (((uint64_t)1 << fb) - 1));
            if (ip) {
                int il = u64_digit_count(ip);
                write_digits(chunk, ip, il);
                collect(tmp, &nt, cap, chunk, il, &sticky);
                started = true;
                e10 = il - 1;
            }
        }
        while (a.n && nt < cap) {
            big_mul_add(&a, pow10_u64[19], 0);
            int li = fb / 64, off = fb % 64;
            uint64_t hiw = 0;
            if (li < a.n)
                hiw = a.d[li] >> off;
            if (off && li + 1 < a.n)
                hiw |= a.d[li + 1] << (64 - off);
            if (li < a.n) {
                a.d[li] &= off ? (((uint64_t)1 << off) - 1) : 0;
                a.n = li + 1;
                big_trim(&a);
            }
            write_digits(chunk, hiw, 19);
            int i = 0;
            if (!started) {
                while (i < 19 && chunk[i] == '0')
                    i++;
                zeros += i;
                if (i < 19)
                    started = true;
            }
            collect(tmp, &nt, cap, chunk + i, 19 - i, &sticky);
        }
        if (a.n)
            sticky = true;
        if (!(fb < 64 && (c >> fb)))
            e10 = -zeros - 1;
    }
    while (nt < cap)
        tmp[nt++] = '0';
    /* round half to even at P digits */
    int rd = tmp[P] - '0';
    bool up = rd > 5 || (rd == 5 && (sticky || ((tmp[P - 1] - '0') & 1)));
    if (up) {
        int i = P - 1;
        while (i >= 0 && tmp[i] == '9')
            tmp[i--] = '0';
        if (i < 0) {
            tmp[0] = '1';
            e10++;
        } else {
            tmp[i]++;
        }
    }
    memcpy(dig, tmp, (size_t)P);
    return e10;
}

/* c * 2^q / 10^k (k >= 1) in 128-bit arithmetic when the numbers fit:
 * the floor, and the remainder compared with half the divisor. */
static bool small_quotient(uint64_t c, int q, int k, u128 *fl, int *half_cmp)
{
    if (k < 1 || k > 27)
        return false;
    u128 num, den = pow5_u64[k];
    if (q >= k) {
        if (q - k > 127 - 64)
            return false;
        num = (u128)c << (q - k);
    } else {
        if (k - q > clz64(pow5_u64[k]) + 63)
            return false;
        num = c;
        den <<= k - q;
    }
    *fl = num / den;
    u128 rem = num - *fl * den;
    *half_cmp = rem < den - rem ? -1 : rem > den - rem ? 1 : 0;
    return true;
}

/* The same from the 128-bit product when its error bound decides (P <= 17):
 * digits D (10^(P-1) <= D < 10^P) and the value ~ D * 10^k. */
static bool fast_digits(uint64_t c, int q, int P, uint64_t *dout, int *kout)
{
    int msb = q + 63 - clz64(c);
    /* 10^e <= 2^msb <= v < 2^(msb+1), so log10(v) is e or e + 1 */
    int k = flog10pow2(msb) - (P - 1);
    for (int attempt = 0; attempt < 2; attempt++, k++) {
        int j = -k;
        const uint64_t *p = pow5_table[j - POW5_QMIN];
        /* c * 10^-k * 2^q = (c*P + c*d) / 2^sh, c*d < 2^53 */
        int s1 = -(q + j + flog2pow5(j) - 127) - 64; /* 3..117 */
        u128 lo = (u128)c * p[1];
        u128 hi = (u128)c * p[0] + (uint64_t)(lo >> 64);
        uint64_t z0 = (uint64_t)lo;
        u128 I = hi >> s1;
        if (I >= pow10_u64[P])
            continue; /* v >= 10^(e+1): one more digit to the left */
        u128 fmask = ((u128)1 << s1) - 1;
        u128 fh = hi & fmask;
        u128 half = (u128)1 << (s1 - 1);
        bool up;
        if (j >= 0 && j <= POW5_EXACT_MAX) {
            if (fh > half || (fh == half && z0 != 0))
                up = true;
            else if (fh == half)
                up = (I & 1) != 0;
            else
                up = false;
        } else if (fh == half - 1 || fh == half || fh == fmask) {
            /* the true fraction is in (F, F + 2^53), F = fh * 2^64 + z0:
             * too close to 1/2 or 1 to tell; exactly if it is small */
            u128 fl;
            int hc;
            if (!small_quotient(c, q, k, &fl, &hc))
                return false;
            if (fl >= pow10_u64[P])
                continue;
            I = fl;
            up = hc > 0 || (hc == 0 && (I & 1));
        } else {
            up = fh > half;
        }
        uint64_t D = (uint64_t)I + up;
        if (D == pow10_u64[P]) {
            D = pow10_u64[P - 1];
            k++;
        }
        *dout = D;
        *kout = k;
        return true;
    }
    return false;
}

/* Like printf("%.*g"): a negative precision means 6 (as in printf), 0 means
 * 1, and more than 40 is taken as 40 (the buffer contract). NaN prints as
 * "nan" or "-nan" by its sign bit, as glibc does. */
size_t ak_format_g(double v, int precision, char *buf)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    bool neg = (bits >> 63) != 0;
    uint64_t frac = bits & (((uint64_t)1 << 52) - 1);
    int be = (int)((bits >> 52) & 0x7ff);
    char *p = buf;
    if (be == 0x7ff) {
        if (frac)
            return put_str(buf, neg ? "-nan" : "nan");
        return put_str(buf, neg ? "-inf" : "inf");
    }
    int P = precision < 0 ? 6 : precision == 0 ? 1 : precision;
    if (P > G_MAX_PRECISION)
        P = G_MAX_PRECISION;
    if (neg)
        *p++ = '-';
    if (be == 0 && frac == 0) {
        *p++ = '0';
        *p = '\0';
        return (size_t)(p - buf);
    }
    uint64_t c = be ? frac | ((uint64_t)1 << 52) : frac;
    int q = be ? be - 1075 : -1074;
    char dig[G_MAX_PRECISION];
    int X; /* decimal exponent of the first digit, after rounding */
    uint64_t D;
    int k;
    if (P <= 17 && fast_digits(c, q, P, &D, &k)) {
        write_digits(dig, D, P);
        X = k + P - 1;
    } else {
        X = exact_digits(c, q, P, dig);
    }
    int nd = P;
    if (X < -4 || X >= P) {
        while (nd > 1 && dig[nd - 1] == '0')
            nd--;
        *p++ = dig[0];
        if (nd > 1) {
            *p++ = '.';
            memcpy(p, dig + 1, (size_t)nd - 1);
            p += nd - 1;
        }
        p = put_exponent(p, X);
    } else if (X >= 0) {
        /* X + 1 integer digits, the rest after the point */
        while (nd > X + 1 && dig[nd - 1] == '0')
            nd--;
        memcpy(p, dig, (size_t)X + 1);
        p += X + 1;
        if (nd > X + 1) {
            *p++ = '.';
            memcpy(p, dig + X + 1, (size_t)(nd - X - 1));
            p += nd - X - 1;
        }
    } else {
        while (dig[nd - 1] == '0') /* dig[0] != '0' */
            nd--;
        *p++ = '0';
        *p++ = '.';
        memset(p, '0', (size_t)(-X - 1));
        p += -X - 1;
        memcpy(p, dig, (size_t)nd);
        p += nd;
    }
    *p = '\0';
    return (size_t)(p - buf);
}

/* ---------------------------------------------------------------------- */
/* Integers                                                                */

size_t ak_format_u64(uint64_t v, char *buf)
{
    int n = u64_digit_count(v);
    write_digits(buf, v, n);
    buf[n] = '\0';
    return (size_t)n;
}

size_t ak_format_i64(int64_t v, char *buf)
{
    if (v < 0) {
        buf[0] = '-';
        return 1 + ak_format_u64((uint64_t)0 - (uint64_t)v, buf + 1);
    }
    return ak_format_u64((uint64_t)v, buf);
}
