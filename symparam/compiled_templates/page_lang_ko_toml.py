# templates/page/lang/ko.toml as a Python literal: written by tools/compile_templates.py, never edited
SOURCE = '17225:9f4a555f'
TABLE = {'name': '한국어',
 'title': '{model}: 파라미터 수 유도',
 'lede': '하이퍼파라미터를 바꾸면 전체 파라미터 수, 활성 파라미터 수, 그리고 아래의 모든 수치가 이 페이지 안에서 닫힌 형식으로부터 정확히 다시 계산된다.',
 'lede_symbolic': '이 계열의 공식이며 그 자체의 값은 없다. 모든 하이퍼파라미터에 값을 넣으면 파라미터 수가 나온다.',
 'example_defaults': '입력값은 {lib}에서 모델 유형 {kind}의 기본 설정(인자 없이 만든 설정 클래스)에서 가져왔다. 어떤 값이든 바꾸면 아래의 모든 '
                     '수치가 다시 계산된다.',
 'example_preset': '입력값은 프리셋 {preset}의 값에서 가져왔고, 옵션은 이 계열의 기본 설정을 따른다. 어떤 값이든 바꾸면 아래의 모든 수치가 다시 '
                   '계산된다.',
 'intro_example': '{family} 계열({architecture})의 파라미터 수를 하이퍼파라미터에 대한 수식으로 나타낸다.',
 'example_own': '입력값은 이 모델 자신의 값이다. 어떤 값이든 바꾸면 아래의 모든 수치가 다시 계산된다.',
 'lede_dense': '하이퍼파라미터를 바꾸면 전체 파라미터 수와 아래의 모든 수치가 이 페이지 안에서 닫힌 형식으로부터 정확히 다시 계산된다.',
 'calculator': '하이퍼파라미터',
 'input': '{symbol}의 값',
 'assumed': '= {expr} = {value}, 가정에서 유도',
 'total': '전체',
 'active': '토큰당 활성',
 'active_bare': '토큰 임베딩 테이블 제외',
 'share': '이 값들을 담은 링크',
 'reset': '페이지의 원래 값으로',
 'copy_latex': '{latex}로 복사',
 'language': '언어',
 'invalid': '각 값은 1부터 10^30까지의 정수로 넣어야 한다: {names}.',
 'empty': '파라미터 수를 구하려면 다음 값이 필요하다: {names}.',
 'ignored': '주소에서 받아들이지 않은 항목(이 페이지의 하이퍼파라미터가 아니거나 숫자가 아님): {names}.',
 'check_assumed': '이 값들에서는 가정 {assumption}에 따라 {symbol} = {value}이(가) 되어 정수가 아니다.',
 'check_total': '이 값들에서는 파라미터 수가 정수가 아니다: {value}.',
 'check_active': '이 값들에서는 활성 파라미터 수가 정수가 아니다: {value}.',
 'check_divides': '{dividend} = {b}은(는) {divisor} = {a}(으)로 나누어떨어지지 않는다.',
 'check_at_most': '{small} = {a}이(가) {big} = {b}보다 크다.',
 'check_multiple': '{dividend} = {b}은(는) {divisor}의 배수가 아니다.',
 'check_divides_run': '{dividend} = {b}은(는) {divisor} = {a}(으)로 나누어떨어지지 않는다. 값과 상관없이 {lib}는 모델을 '
                      '만들고 파라미터도 그대로 세지만, 순전파는 실패한다.',
 'check_multiple_run': '{dividend} = {b}은(는) {divisor}의 배수가 아니다. 값과 상관없이 {lib}는 모델을 만들고 파라미터도 그대로 '
                       '세지만, 순전파는 실패한다.',
 'check_at_most_run': '{small} = {a}이(가) {big} = {b}보다 크다. 값과 상관없이 {lib}는 모델을 만들고 파라미터도 그대로 세지만, '
                      '순전파는 실패한다.',
 'changed': '공개된 수치와 가장 가까운 클래스는 페이지의 원래 값에 대한 것이므로, 이 값들에서는 보이지 않는다.',
 'thumb_gap': '정확한 값과 {sign}{gap} 차이가 난다.',
 'memory_intro': '가중치만 각 데이터 타입으로 저장했을 때의 크기(1 GiB = 2³⁰바이트, 1 GB = 10⁹바이트):',
 'training_intro': '학습 상태({memory}와 같은 방식): 가중치, 그래디언트, 옵티마이저 상태를 방식별 파라미터당 바이트 수로 센다(활성값 제외):',
 'training_caption': '옵티마이저 방식별 학습 상태',
 'column_recipe': '방식',
 'kv_intro': '디코더의 KV 캐시는 토큰 하나마다 이만큼 늘어난다(모든 레이어 합계, 시퀀스 하나):',
 'kv_caption': '토큰당 KV 캐시',
 'column_kv_token': '토큰당 바이트',
 'footer': 'symparam이 모델의 블록 트리로부터 만들었다. 이 페이지는 아무것도 불러오지 않으며, 모든 수치는 위의 공식으로 페이지 안에서 계산된다.',
 'site_title': '파라미터 수 유도',
 'site_lede': 'symparam이 이름으로 아는 모든 모델을 각각 한 페이지에 담았다. 파라미터 수를 단계별로 유도하고, 하이퍼파라미터를 바꿔 볼 수 있다.',
 'column_model': '모델',
 'column_class': '클래스',
 'column_description': '설명',
 'search': '모델 찾기',
 'search_none': '일치하는 모델이 없다.',
 'running_heading': '시퀀스 길이와 배치를 정하면',
 'running_intro': '토큰 s개짜리 시퀀스 B개에 드는 메모리와 연산량으로, {memory}와 {flops}가 계산하는 방식과 같다(같은 공식을 이 페이지에서 '
                  '정확히 계산한다):',
 'input_seq': '시퀀스당 토큰 수 s',
 'input_batch': '시퀀스 수 B',
 'images_start': '이미지 입력의 처음 값은 {option} 옵션 없이 실행한 {flops} 명령과 같다. 시퀀스마다 이미지 한 장이며, 프로세서가 크기를 바꾼 '
                 '{height} × {width} 픽셀 이미지로 보고 그 토큰 수와 창의 쿼리–키 쌍 수를 이 크기에서 계산한다.',
 'images_start_anyres': '이미지 입력의 처음 값은 {option} 옵션 없이 실행한 {flops} 명령과 같다. 시퀀스마다 {height} × {width} '
                        '픽셀 이미지 한 장이며, 비전 타워가 읽는 타일 수와 이미지가 되는 토큰 수를 이 크기와 설정의 '
                        'image_grid_pinpoints에서 계산한다.',
 'running_memory': '메모리',
 'running_flops': '연산량',
 'column_flops': '부동소수점 연산 수',
 'run_kv': '토큰 s개 뒤 배치 전체의 KV 캐시',
 'run_state': '배치 전체의 상태 공간 레이어 상태(s와 무관)',
 'run_activations_none': '학습 한 스텝이 저장하는 활성값, 재계산 없음',
 'run_activations_selective': '활성값, 선택적 재계산(어텐션 핵심 부분을 다시 계산)',
 'run_activations_full': '활성값, 전체 재계산(레이어마다 다시 계산)',
 'run_no_cache': '이 모델은 토큰 사이에 KV 캐시도 상태도 저장하지 않는다.',
 'activations_unchecked': '이 모델이 저장하는 활성값은 아직 유도되지 않았다. torch가 저장하는 텐서와 대조하지 않았기 때문이다.',
 'activations_int8': '활성값은 fp32, fp16, bf16 중 하나로 저장된다.',
 'run_flops_forward': '순전파',
 'run_flops_training': '학습 한 스텝(순전파와 역전파)',
 'run_flops_training-selective': '학습 한 스텝, 선택적 재계산',
 'run_flops_training-full': '학습 한 스텝, 전체 재계산',
 'run_flops_decode': '토큰 s개의 캐시를 두고 시퀀스마다 토큰 하나를 디코딩',
 'decode_state': '디코딩 스텝은 아직 유도되지 않았다. 상태 공간 레이어나 선형 어텐션 레이어는 캐시된 상태로 순전파와 다른 스텝을 실행한다.',
 'decode_cross': '디코딩 스텝은 아직 유도되지 않았다. 인코더 상태에 대한 교차 어텐션이 있기 때문이다.',
 'decode_none': '이 모델은 토큰 사이에 키와 값을 저장하지 않으므로 디코딩 스텝이 없다.',
 'flops_family': '{family} 계열의 부동소수점 연산 수는 아직 유도되지 않았다.',
 'run_fitted': '이 모델은 모듈 트리에서 읽어 낸 것이라 가중치만 알 수 있고 각 레이어가 저장하거나 계산하는 것은 알 수 없다. 가중치 외의 메모리와 부동소수점 '
               '연산 수는 유도되지 않는다.',
 'run_fitted_flops': '이 모델은 모듈 트리에서 읽어 낸 것이라 가중치만 알 수 있고 각 레이어가 저장하는 것은 알 수 없다. 가중치 외의 메모리는 유도되지 '
                     '않는다. 순전파의 부동소수점 연산 수는 torch의 카운터로 transformers의 순전파에서 읽어 냈으며, {flops}가 그 값과 '
                     '공식을 알려 준다.',
 'run_many': '이 모델의 레이어는 구조가 서로 다른 {runs}개 구간으로 나뉘는데, 페이지는 최대 {limit}개 구간까지만 메모리와 연산량을 유도한다. '
             '{memory}와 {flops}로 구할 수 있다.',
 'gpu_static': '아래 수치는 이 페이지를 만든 명령줄에 주어진 병렬 배치({flags})와 모델 자체의 값에 대한 것이다. 페이지를 만들 때 텐서 하나하나를 따져 '
               '한 번 계산한 값이므로 위의 값을 바꿔도 달라지지 않으며, 위의 값이 페이지 자체의 값과 다른 동안에는 숨겨진다.',
 'gpu_changed': 'GPU별 수치는 페이지 자체의 값에 대한 것이어서 지금 값에서는 보이지 않는다. 다른 값에서의 수치는 {command} 명령으로 구할 수 있다.',
 'gpu_text': {'gpu_intro': 'GPU {gpus}장을 데이터 병렬(d = {dp}), 텐서 병렬(t = {tp}), 파이프라인 병렬(p = {pp})로 '
                           '나누어 학습하며, {zero}. 옵티마이저 방식은 {optimiser}이다. {psi}는 GPU 한 장이 가진 파라미터 '
                           '수(나뉜 텐서는 그 조각, 나머지는 통째로)이고, {nd}는 ZeRO가 이를 나누어 맡기는 데이터 병렬 랭크 수로, 랭크마다 '
                           '{share}씩 가진다.',
              'gpu_zero': 'ZeRO {zero}단계를 쓴다',
              'gpu_no_zero': 'ZeRO는 쓰지 않는다',
              'gpu_experts': '전문가(expert)는 데이터 병렬 랭크 가운데 e = {ep}개에 나뉘어 놓인다. {psi_e}는 GPU 한 장이 가진 '
                             '전문가 파라미터 수이며, 같은 전문가를 가진 {nde}개 랭크 사이에서 나뉜다.',
              'gpu_only': 'GPU마다 파라미터 {params}개를 가진다.',
              'gpu_first': '가장 많이 가진 GPU는 파이프라인 첫 단계({stages}단계 중 {stage}번째, 토큰 임베딩 표 포함)에 있으며 '
                           '파라미터 {params}개를 가진다.',
              'gpu_last': '가장 많이 가진 GPU는 파이프라인 마지막 단계({stages}단계 중 {stage}번째, 마지막 정규화 층과 출력 헤드 '
                          '포함)에 있으며 파라미터 {params}개를 가진다.',
              'gpu_middle': '가장 많이 가진 GPU는 파이프라인 {stage}번째 단계({stages}단계 중)에 있으며 파라미터 {params}개를 '
                            '가진다.',
              'gpu_expert_params': '전문가 파라미터도 {params}개 더 가진다.',
              'gpu_rules': '텐서 병렬은 Megatron-LM 방식(Shoeybi 외, 2019)으로 텐서를 나눈다. q, k, v와 MLP의 '
                           'up·gate 투영은 출력 쪽으로, 출력 투영과 down 투영은 입력 쪽으로, 토큰 임베딩 표와 출력 헤드는 어휘 쪽으로 '
                           '나누고, 정규화 층과 행 병렬 투영의 편향, 라우터는 통째로 둔다. ZeRO(Rajbhandari 외, 2020)는 옵티마이저 '
                           '상태를(1단계), 여기에 기울기를(2단계), 가중치까지(3단계) 나눈다.',
              'gpu_context': '컨텍스트 병렬은 시퀀스마다 토큰을 GPU c = {cp}장에 나눈다. 이 GPU들은 같은 가중치를 가지므로, 기울기는 '
                             '{nd} = d·c = {group}장의 GPU 사이에서 모으고 ZeRO도 이들 사이에서 나눈다.',
              'gpu_sequence': '시퀀스 병렬(Korthikanti 외, 2022)은 어텐션 헤드와 내부 폭 밖의 활성값을 토큰 단위로 텐서 병렬 랭크 '
                              't개에 나눈다.',
              'gpu_recompute_none': '재계산은 하지 않는다',
              'gpu_recompute_selective': '선택적 재계산을 한다',
              'gpu_recompute_full': '전체 재계산을 한다',
              'gpu_activations_tp': '텐서 병렬에서는 랭크 하나의 몫이다. 어텐션 헤드와 MLP·전문가의 내부 폭은 1/t씩(헤드 하나의 폭은 '
                                    '그대로)이고, 정규화 층과 잔차 흐름, 열 병렬 선형층의 입력은 시퀀스 병렬이 나누지 않는 한 통째로 둔다.',
              'gpu_activations_sp': '시퀀스 병렬을 쓰면 어텐션 헤드와 내부 폭 밖의 텐서(정규화 층, 잔차 흐름, 열 병렬 선형층의 입력, '
                                    '라우터)는 토큰의 1/t만 저장한다.',
              'gpu_activations_sp_latent': '잠재 어텐션의 잠재 벡터와 그 정규화도 토큰의 1/t만 저장한다. Megatron-Core의 다중 '
                                           '잠재 어텐션이 이를 각 GPU가 맡은 시퀀스 구간에서 계산하기 때문이다.',
              'gpu_activations_cp': '컨텍스트 병렬을 쓰면 GPU마다 시퀀스별로 토큰 s/c = {tokens}개의 텐서만 저장한다(c = '
                                    '{cp}, 링 어텐션은 s × s 크기의 텐서를 저장하지 않는다).',
              'gpu_activations_ep': '전문가 쪽 행은 이 GPU의 전문가들이 용량 계수 c = {c}에서 받는 행으로, 층마다 {rows}이며 '
                                    '모자라면 채워 넣는다.',
              'gpu_activations_pp': 'Megatron-LM의 비인터리브 1F1B 스케줄에서 파이프라인 {q}번째 단계는 정점에서 마이크로배치 '
                                    '{flight}개의 활성값을 가진다(m = {m}). 이 GPU는 {k}개를 가지며 하나에 {one}바이트다. '
                                    '단계별로는 {stages}바이트다.',
              'gpu_activations_need_seq': '활성값과 통신량에는 시퀀스 길이({seq})가 필요하다.',
              'gpu_activations_refused': '이 배치에서는 활성값을 유도하지 않으며({command}에서 이유를 알려 준다) 합계에도 넣지 '
                                         '않는다.',
              'gpu_no_activations': '활성값은 포함하지 않는다.',
              'gpu_kv': '추론할 때 시퀀스 B = {batch}개의 KV 캐시는 복제본 하나의 GPU 한 장에 {bytes}바이트({binary})이며, 그 '
                        '복제본의 t장과 p장에 나뉜다.',
              'gpu_kv_context': '추론할 때 시퀀스 B = {batch}개의 KV 캐시는 복제본 하나의 GPU 한 장에 '
                                '{bytes}바이트({binary})이며, 그 복제본의 t장, p장, c장에 나뉜다.',
              'gpu_kv_latent': '추론할 때 시퀀스 B = {batch}개의 KV 캐시는 복제본 하나의 GPU 한 장에 '
                               '{bytes}바이트({binary})이며, 그 복제본의 p장에 나뉜다. 잠재 어텐션의 캐시는 헤드별로 나뉘지 않아 텐서 '
                               '병렬 GPU t장이 저마다 전부를 가진다. vLLM이 이 캐시를 키·값 헤드 하나로 디코딩하기 때문이다.',
              'gpu_kv_latent_context': '추론할 때 시퀀스 B = {batch}개의 KV 캐시는 복제본 하나의 GPU 한 장에 '
                                       '{bytes}바이트({binary})이며, 그 복제본의 p장과 c장에 나뉜다. 잠재 어텐션의 캐시는 '
                                       '헤드별로 나뉘지 않아 텐서 병렬 GPU t장이 저마다 전부를 가진다. vLLM이 이 캐시를 키·값 헤드 '
                                       '하나로 디코딩하기 때문이다.',
              'gpu_kv_stages': '파이프라인 단계마다 맡는 몫이 달라 각각 {stages}바이트이며, 위의 수치는 가장 많이 가진 단계의 것이다.',
              'gpu_traffic_intro': 'GPU 한 장이 마이크로배치 m = {m}개로 이루어진 학습 한 스텝에서 보내는 양을 원소 수에 원소 하나의 '
                                   '바이트 수를 곱해 센다.',
              'gpu_traffic_refused': '{kind}: 이 모델에서는 유도하지 않는다.',
              'gpu_traffic_rules': '통신량 공식에서 d는 같은 가중치를 가진 GPU 수, {nstage}는 이 GPU에 있는 층 수다.',
              'gpu_traffic_rules_data': '링 올리듀스는 GPU마다 데이터의 2(d − 1)/d를 보내고, 리듀스-스캐터나 올개더는 그 절반을 '
                                        '보낸다. ZeRO-0과 ZeRO-1은 스텝마다 기울기를 한 번 모으고, ZeRO-2는 마이크로배치마다 '
                                        '모은 뒤 가중치를 한 번 모으며, ZeRO-3은 마이크로배치마다 순전파와 역전파에서 가중치도 '
                                        '모은다(DeepSpeed의 스케줄).',
              'gpu_traffic_rules_tensor': '텐서 병렬은 순전파에서 행 병렬 블록의 출력을 올리듀스하고, 역전파에서는 분할된 부분이 통째로 읽는 '
                                          '텐서마다 그 기울기를 올리듀스한다. 블록의 입력, 또는 잠재 어텐션의 쿼리 잠재 벡터, 키·값 잠재 '
                                          '벡터, 공유 회전 키다(Megatron-LM).',
              'gpu_traffic_rules_kinds': '이 GPU의 층은 여러 종류이며, 올리듀스가 같은 층끼리 묶어 센다. 종류마다 층이 {nk}개이고, '
                                         '층마다 토큰 하나에 원소 {wk}개를 올리듀스한다: {kinds}.',
              'gpu_traffic_rules_pipeline': '파이프라인 단계는 마이크로배치마다 활성값을 다음 단계로 보내고 기울기를 앞 단계로 돌려보낸다.',
              'gpu_traffic_rules_expert': '전문가 병렬은 MoE 층마다 순전파와 역전파에서 토큰을 올투올로 주고받는다.',
              'gpu_traffic_rules_moe': '그중 MoE 층의 수는 {ne}이다.',
              'gpu_traffic_rules_context': '링 어텐션은 층마다 GPU의 키와 값을 링을 따라 3(c − 1)번 넘기며, 넘기는 수는 토큰 '
                                           '하나에 {wkv}개다.',
              'gpu_bubble': 'Megatron-LM의 1F1B 스케줄에서 파이프라인 버블(Narayanan 외, 2021)은 이상적인 스텝 시간의 '
                            '{bubble}이다({percent}).',
              'gpu_fits': '{limit}바이트({limit_binary}) GPU에 들어가며 {spare}바이트가 남는다.',
              'gpu_over': '{limit}바이트({limit_binary}) GPU에 들어가지 않는다. {over}바이트({over_binary})가 '
                          '넘친다.',
              'gpu_fits_without_activations': '(가중치, 기울기, 옵티마이저 상태만 셌으며 활성값은 넣지 않았다.)'}}
