/* erf(x)/x on [0, 0.75], even powers: rel err 2^ log2(0x1.d58ef9ca9b6526c9e8d524f59a3ed6e6ffe3d94cp-65) */
#define ERF_E0H ( 0x1.20dd750429b6dp0 )
#define ERF_E0L ( 0x1.1bec949b09958p-56 )
#define ERF_E_COEFFS \
  -0x1.812746b0379e7p-2, \
  0x1.ce2f21a042c0cp-4, \
  -0x1.b82ce312896p-6, \
  0x1.565bcd0e79c58p-8, \
  -0x1.c02db3fe8c9c9p-11, \
  0x1.f9a325abcc88ap-14, \
  -0x1.f4d21747b2bc1p-17, \
  0x1.b9def6af17d5cp-20, \
  -0x1.5ee9b566ef687p-23, \
  0x1.f113f207ef2cfp-27, \
  -0x1.09b9ed672beedp-30,
/* piece 0 : [ 0.75 , 1.125 ], degree 13 , rel err 2^ log2(3.703498894694081672390508395542633366491266584386e-19) */
#define ERFC_P0_A (0x1.8p-1 )
#define ERFC_P0_C (0x1.ep-1 )
#define ERFC_P0_N 13
#define ERFC_P0_C0H (0x1.c7f81382721efp-2)
#define ERFC_P0_C0L (-0x1.38f095d399p-62)
#define ERFC_P0_COEFFS \
  -0x1.2c84af7c10e14p-2, \
  0x1.5c775dfc44977p-3, \
  -0x1.6dcc9e7a2cb14p-4, \
  0x1.61fee765fff81p-5, \
  -0x1.3fc83669ef962p-6, \
  0x1.102167d941ecp-7, \
  -0x1.b75cb250fed85p-9, \
  0x1.524f60eade4d6p-10, \
  -0x1.f328eb4cfc7b6p-12, \
  0x1.621621cf0cab4p-13, \
  -0x1.e528df51ad1bbp-15, \
  0x1.44a01250982efp-16, \
  -0x1.7a97b7cd67d77p-18,
/* piece 1 : [ 1.125 , 1.5 ], degree 13 , rel err 2^ log2(3.407726614895902122758485750201617108280779636995e-19) */
#define ERFC_P1_A (0x1.2p0 )
#define ERFC_P1_C (0x1.5p0 )
#define ERFC_P1_N 13
#define ERFC_P1_C0H (0x1.6bb376a9390cdp-2)
#define ERFC_P1_C0L (0x1.915f4dd185bdfp-56)
#define ERFC_P1_COEFFS \
  -0x1.917d7928e2332p-3, \
  0x1.90e47c99926d1p-4, \
  -0x1.711413b59b158p-5, \
  0x1.3d5e9f54c9c5bp-6, \
  -0x1.014991d5f84ecp-7, \
  0x1.8c10e9a976a2cp-9, \
  -0x1.2309315af22f4p-10, \
  0x1.9a25c7a5f0354p-12, \
  -0x1.1623ac46c62b9p-13, \
  0x1.6c2a56dc661ebp-15, \
  -0x1.cf36808ee04f3p-17, \
  0x1.1ec11f9d8f81ep-18, \
  -0x1.cb06bd56a5482p-21,
/* piece 2 : [ 1.5 , 2 ], degree 13 , rel err 2^ log2(1.13869463914229426040554447386262622766076966279e-18) */
#define ERFC_P2_A (0x1.8p0 )
#define ERFC_P2_C (0x1.cp0 )
#define ERFC_P2_N 13
#define ERFC_P2_C0H (0x1.23cfc2f1dc7ep-2)
#define ERFC_P2_C0L (0x1.3bc694e3e027cp-57)
#define ERFC_P2_COEFFS \
  -0x1.0c3d538446447p-3, \
  0x1.c8d0cef0f8107p-5, \
  -0x1.6cb52fe4898fp-6, \
  0x1.13648a1201717p-7, \
  -0x1.8bf716a80084ap-9, \
  0x1.106bd5bb91adp-10, \
  -0x1.683889a3a6849p-12, \
  0x1.cb4c76017adafp-14, \
  -0x1.1b281336c9718p-15, \
  0x1.526a0125fd9dfp-17, \
  -0x1.89b2e53dc5592p-19, \
  0x1.c34cca74b0defp-21, \
  -0x1.b89632daf71d9p-23,
/* piece 3 : [ 2 , 2.625 ], degree 13 , rel err 2^ log2(3.567307367570657940437469968793153810680965348354e-19) */
#define ERFC_P3_A (0x1p1 )
#define ERFC_P3_C (0x1.28p1 )
#define ERFC_P3_N 13
#define ERFC_P3_C0H (0x1.ce30e45ab6494p-3)
#define ERFC_P3_C0L (0x1.c72a8c425aa09p-57)
#define ERFC_P3_COEFFS \
  -0x1.5a930ffb85474p-4, \
  0x1.ebb6ceff2175cp-6, \
  -0x1.4c4757001fa3cp-7, \
  0x1.ae11499bfabbfp-9, \
  -0x1.0baab49fe04dap-10, \
  0x1.418a6ca519ba9p-12, \
  -0x1.75d563934288ep-14, \
  0x1.a5ac55bd4ea52p-16, \
  -0x1.ce6a0dca0623p-18, \
  0x1.edcb630993f03p-20, \
  -0x1.0141a057dea72p-21, \
  0x1.0b59e2c9e5a1dp-23, \
  -0x1.09509f53f3a58p-25,
/* piece 4 : [ 2.625 , 3.375 ], degree 13 , rel err 2^ log2(6.68744873943009173661397394057775269713200385719e-19) */
#define ERFC_P4_A (0x1.5p1 )
#define ERFC_P4_C (0x1.8p1 )
#define ERFC_P4_N 13
#define ERFC_P4_C0H (0x1.6e9827d229d2dp-3)
#define ERFC_P4_C0L (-0x1.88ec9625f8a02p-58)
#define ERFC_P4_COEFFS \
  -0x1.bd6ae4d14b16fp-5, \
  0x1.043fe1a98c0b9p-6, \
  -0x1.259061ba85622p-8, \
  0x1.409cc2ed48c12p-10, \
  -0x1.53dec9d0a0bb9p-12, \
  0x1.5e7392ed202f2p-14, \
  -0x1.602510145dde3p-16, \
  0x1.595f38f526eb7p-18, \
  -0x1.4b148856e0855p-20, \
  0x1.3685cdfb76cd2p-22, \
  -0x1.1d64b9955d314p-24, \
  0x1.077d75d700c5cp-26, \
  -0x1.d2d868b86d2d4p-29,
/* piece 5 : [ 3.375 , 4.375 ], degree 13 , rel err 2^ log2(3.147160309741970819647427104828928564518981453232e-18) */
#define ERFC_P5_A (0x1.bp1 )
#define ERFC_P5_C (0x1.fp1 )
#define ERFC_P5_N 13
#define ERFC_P5_C0H (0x1.211c625924e34p-3)
#define ERFC_P5_C0L (-0x1.bfb15f0d41056p-57)
#define ERFC_P5_COEFFS \
  -0x1.193eb7b9bf564p-5, \
  0x1.0a7a05d33874dp-7, \
  -0x1.ecb581c2b8144p-10, \
  0x1.bd21af8ea32cap-12, \
  -0x1.8985979e07b98p-14, \
  0x1.54d6c3582af1dp-16, \
  -0x1.218709b0481c3p-18, \
  0x1.e2dff29486e6cp-21, \
  -0x1.8ba1e320ec7b2p-23, \
  0x1.3e98f8089a576p-25, \
  -0x1.f93242f4f0379p-28, \
  0x1.9740635b3916dp-30, \
  -0x1.37d42289a69f4p-32,
/* piece 6 : [ 4.375 , 5.75 ], degree 14 , rel err 2^ log2(8.66572462191406805352256488196700925885303703645e-19) */
#define ERFC_P6_A (0x1.18p2 )
#define ERFC_P6_C (0x1.44p2 )
#define ERFC_P6_N 14
#define ERFC_P6_C0H (0x1.c00c8546be50ap-4)
#define ERFC_P6_C0L (-0x1.19eed19fd8e2ep-58)
#define ERFC_P6_COEFFS \
  -0x1.55622b5951f3bp-6, \
  0x1.ff88cd3653072p-9, \
  -0x1.79221fbec8754p-11, \
  0x1.11cce846e784dp-13, \
  -0x1.87bd49db19854p-16, \
  0x1.144bfb1e813aap-18, \
  -0x1.8077ff1970156p-21, \
  0x1.080056fc74affp-23, \
  -0x1.65fdb5bd07b2p-26, \
  0x1.df846fb21e682p-29, \
  -0x1.3d1554a4f42fdp-31, \
  0x1.9ef3e654c9c1p-34, \
  -0x1.18f533b5a7191p-36, \
  0x1.66a9a40cfaf0bp-39,
/* piece 7 : [ 5.75 , 7.5 ], degree 14 , rel err 2^ log2(1.273028322062903658300056695634768272690349233588e-18) */
#define ERFC_P7_A (0x1.7p2 )
#define ERFC_P7_C (0x1.a8p2 )
#define ERFC_P7_N 14
#define ERFC_P7_C0H (0x1.58f91d4c57ccap-4)
#define ERFC_P7_C0L (-0x1.363040ef4169ep-58)
#define ERFC_P7_COEFFS \
  -0x1.9794607880b06p-7, \
  0x1.dc8f5a234ea65p-10, \
  -0x1.13ce26f04b818p-12, \
  0x1.3c1e9a550f574p-15, \
  -0x1.66e18363ff7b8p-18, \
  0x1.93a775f295188p-21, \
  -0x1.c1eaaf9ff1c38p-24, \
  0x1.f111abea2558cp-27, \
  -0x1.103a0f54875cep-29, \
  0x1.27ac66bb9164bp-32, \
  -0x1.3e2bf7f006eedp-35, \
  0x1.5406a57e6fac8p-38, \
  -0x1.7b3516ebbe1ap-41, \
  0x1.8e455da0e21b7p-44,
/* piece 8 : [ 7.5 , 10 ], degree 14 , rel err 2^ log2(6.200990620869504233663502169188592516663920254655e-18) */
#define ERFC_P8_A (0x1.ep2 )
#define ERFC_P8_C (0x1.18p3 )
#define ERFC_P8_N 14
#define ERFC_P8_C0H (0x1.0669c59166c17p-4)
#define ERFC_P8_C0L (0x1.aa0f0f6291b8ap-59)
#define ERFC_P8_COEFFS \
  -0x1.d9c4ed21533b5p-8, \
  0x1.a909f1969e99fp-11, \
  -0x1.7b022618f3bf1p-14, \
  0x1.4ff2fd6a3736ep-17, \
  -0x1.2809b14ab9971p-20, \
  0x1.035da05f56c2ep-23, \
  -0x1.c3e5f64f0b541p-27, \
  0x1.877b53351bbcdp-30, \
  -0x1.514a5299bfc58p-33, \
  0x1.2105f9eaff9e9p-36, \
  -0x1.ebcfc56045738p-40, \
  0x1.a107886ec76bbp-43, \
  -0x1.77d759345864fp-46, \
  0x1.3afb69baf704fp-49,
/* piece 9 : [ 10 , 13.5 ], degree 15 , rel err 2^ log2(1.273030363762541405906952787252052843981483227177e-18) */
#define ERFC_P9_A (0x1.4p3 )
#define ERFC_P9_C (0x1.78p3 )
#define ERFC_P9_N 15
#define ERFC_P9_C0H (0x1.87f0587e0b6b4p-5)
#define ERFC_P9_C0L (-0x1.183dbdb03a36cp-61)
#define ERFC_P9_COEFFS \
  -0x1.08f40799540edp-8, \
  0x1.64f6aa6bfac0ap-12, \
  -0x1.df41a15a9ce84p-16, \
  0x1.409dfb5bd9d85p-19, \
  -0x1.ab84d587d4a82p-23, \
  0x1.1c126cb9942b8p-26, \
  -0x1.7840d8315c77ap-30, \
  0x1.f0b36f407f34dp-34, \
  -0x1.46c7dee13874p-37, \
  0x1.ac9b646187ccfp-41, \
  -0x1.182ab6f3059b9p-44, \
  0x1.6c138168d6c1ap-48, \
  -0x1.d8e1ce60ad98p-52, \
  0x1.4cad4be810601p-55, \
  -0x1.ae3c92663868p-59,
/* piece 10 : [ 13.5 , 18.5 ], degree 15 , rel err 2^ log2(3.389941118983974586505567602452085280183317325456e-18) */
#define ERFC_P10_A (0x1.bp3 )
#define ERFC_P10_C (0x1p4 )
#define ERFC_P10_N 15
#define ERFC_P10_C0H (0x1.204ddcd967373p-5)
#define ERFC_P10_C0L (0x1.72eeaaae71c3cp-61)
#define ERFC_P10_COEFFS \
  -0x1.1f305584ff3edp-9, \
  0x1.1d875467f868ep-13, \
  -0x1.1b561359e76d2p-17, \
  0x1.18a0870867a45p-21, \
  -0x1.156b53c5a87a3p-25, \
  0x1.11bbc1055b4ep-29, \
  -0x1.0d97ab2745da1p-33, \
  0x1.09056716e0a6p-37, \
  -0x1.040bee3cc4b66p-41, \
  0x1.fd6e88422a148p-46, \
  -0x1.f209261473394p-50, \
  0x1.e42e87799cf26p-54, \
  -0x1.d7c5839ab5db4p-58, \
  0x1.f8f4caed4a8cbp-62, \
  -0x1.e8bd25322abc5p-66,
/* piece 11 : [ 18.5 , 27.5 ], degree 17 , rel err 2^ log2(1.495350638947993911405801088786100995461904621175e-18) */
#define ERFC_P11_A (0x1.28p4 )
#define ERFC_P11_C (0x1.7p4 )
#define ERFC_P11_N 17
#define ERFC_P11_C0H (0x1.91853accde052p-6)
#define ERFC_P11_C0L (-0x1.0f34ac34250fcp-61)
#define ERFC_P11_COEFFS \
  -0x1.16cb03a88c8efp-10, \
  0x1.82cb1527ef43cp-15, \
  -0x1.0c109a761b5cfp-19, \
  0x1.73371e27fa55ep-24, \
  -0x1.00ca3ab66382bp-28, \
  0x1.62f12bd21ab58p-33, \
  -0x1.ea2839fe7585bp-38, \
  0x1.5221169da0ee1p-42, \
  -0x1.d21488e1b328ep-47, \
  0x1.40ed255be3af9p-51, \
  -0x1.b98f1a23f3519p-56, \
  0x1.2fa5860178c99p-60, \
  -0x1.a0ff6ab972e94p-65, \
  0x1.1a2ef6e72999fp-69, \
  -0x1.832fe07688948p-74, \
  0x1.3dd38c1ba7c61p-78, \
  -0x1.b0f3c2e48e314p-83,
