# derivation.tex.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = '14547:eaaac192'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'derivation.tex.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_headings = resolve('headings')
    l_0_fragment = resolve('fragment')
    l_0_packages = resolve('packages')
    l_0_lang = resolve('lang')
    l_0_fill = resolve('fill')
    l_0_t = resolve('t')
    l_0_d = resolve('d')
    l_0_code = resolve('code')
    l_0_math = resolve('math')
    l_0_namespace = resolve('namespace')
    l_0_shares = resolve('shares')
    l_0_th = resolve('th')
    l_0_units = resolve('units')
    l_0_gaps = resolve('gaps')
    l_0_display = l_0_definitions = l_0_table_begin = l_0_table_end = l_0_need = l_0_top = l_0_sub = l_0_symbols = missing
    try:
        t_1 = environment.filters['breakable']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'breakable' found.")
    try:
        t_2 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_3 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_4 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_5 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_6 = environment.filters['select']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'select' found.")
    try:
        t_7 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    pass
    included_template = environment.get_template('latex.j2', 'derivation.tex.j2').make_module(context.get_all(), True, {'definitions': l_0_definitions, 'display': l_0_display, 'gaps': l_0_gaps, 'need': l_0_need, 'shares': l_0_shares, 'sub': l_0_sub, 'symbols': l_0_symbols, 'table_begin': l_0_table_begin, 'table_end': l_0_table_end, 'th': l_0_th, 'top': l_0_top})
    l_0_display = getattr(included_template, 'display', missing)
    if l_0_display is missing:
        l_0_display = undefined(f"the template {included_template.__name__!r} (imported on line 6 in 'derivation.tex.j2') does not export the requested name 'display'", name='display')
    l_0_definitions = getattr(included_template, 'definitions', missing)
    if l_0_definitions is missing:
        l_0_definitions = undefined(f"the template {included_template.__name__!r} (imported on line 6 in 'derivation.tex.j2') does not export the requested name 'definitions'", name='definitions')
    l_0_table_begin = getattr(included_template, 'table_begin', missing)
    if l_0_table_begin is missing:
        l_0_table_begin = undefined(f"the template {included_template.__name__!r} (imported on line 6 in 'derivation.tex.j2') does not export the requested name 'table_begin'", name='table_begin')
    l_0_table_end = getattr(included_template, 'table_end', missing)
    if l_0_table_end is missing:
        l_0_table_end = undefined(f"the template {included_template.__name__!r} (imported on line 6 in 'derivation.tex.j2') does not export the requested name 'table_end'", name='table_end')
    l_0_need = getattr(included_template, 'need', missing)
    if l_0_need is missing:
        l_0_need = undefined(f"the template {included_template.__name__!r} (imported on line 6 in 'derivation.tex.j2') does not export the requested name 'need'", name='need')
    context.vars.update({'display': l_0_display, 'definitions': l_0_definitions, 'table_begin': l_0_table_begin, 'table_end': l_0_table_end, 'need': l_0_need})
    context.exported_vars.difference_update(('display', 'definitions', 'table_begin', 'table_end', 'need'))
    l_0_top = str_join((context.call((undefined(name='need') if l_0_need is missing else l_0_need), 6), '\\', environment.getitem((undefined(name='headings') if l_0_headings is missing else l_0_headings), 0), ))
    context.vars['top'] = l_0_top
    context.exported_vars.add('top')
    l_0_sub = str_join(('\\', environment.getitem((undefined(name='headings') if l_0_headings is missing else l_0_headings), 1), ))
    context.vars['sub'] = l_0_sub
    context.exported_vars.add('sub')
    if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
        pass
        yield '% requires: \\usepackage{'
        yield str(t_2(context.eval_ctx, (undefined(name='packages') if l_0_packages is missing else l_0_packages), ','))
        yield '}\n'
        if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) != 'en'):
            pass
            yield '% compile with xelatex and set a '
            yield str(('Chinese' if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'zh') else 'Korean'))
            yield ' font, e.g. '
            yield str(('\\setCJKmainfont{Noto Serif CJK SC}' if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'zh') else '\\setmainhangulfont{Noto Serif CJK KR}'))
            yield '\n'
        yield '% Generated by symparam: the body of a derivation, to paste into a document.\n'
        yield str(context.call((undefined(name='definitions') if l_0_definitions is missing else l_0_definitions)))
        yield '\n\\begingroup\\raggedright\n'
    else:
        pass
        yield '% Generated by symparam. Compile with '
        yield str(('pdflatex' if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'en') else 'xelatex'))
        yield '.\n\\documentclass[11pt]{article}\n\\usepackage[margin=2.2cm]{geometry}\n\\usepackage{amsmath}\n\\usepackage{array}\n\\usepackage{booktabs}\n\\usepackage{longtable}\n'
        if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'en'):
            pass
            yield '\\usepackage[T1]{fontenc}\n\\usepackage{lmodern}\n\\usepackage{textcomp}\n'
        elif ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'zh'):
            pass
            yield '\\usepackage{xeCJK}\n\\setCJKmainfont{Noto Serif CJK SC}\n\\setCJKsansfont{Noto Sans CJK SC}\n\\setCJKmonofont{Noto Sans Mono CJK SC}\n'
        else:
            pass
            yield '\\usepackage{xetexko}\n\\setmainhangulfont{Noto Serif CJK KR}\n\\setsanshangulfont{Noto Sans CJK KR}\n\\setmonohangulfont{Noto Sans Mono CJK KR}\n'
        yield '\\setlength{\\parindent}{0pt}\n\\setlength{\\parskip}{0.6em}\n'
        yield str(context.call((undefined(name='definitions') if l_0_definitions is missing else l_0_definitions)))
        yield '\n\\title{'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'title'), model=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'model')))
        yield '}\n\\date{}\n\\begin{document}\n\\raggedright\n\\maketitle\n'
    yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'):
        pass
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'intro_symbolic'), family=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'family'), architecture=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'architecture')))
        yield '\n'
    else:
        pass
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'intro'), architecture=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'architecture')), names=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'named_parameters()')))
        yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'says_what_model'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'description'), description=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'description')))
        yield '\n'
    for l_1_paragraph in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reading'):
        _loop_vars = {}
        pass
        yield '\n'
        yield str(l_1_paragraph)
        yield '\n'
    l_1_paragraph = missing
    if (environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count') != 'P'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'count_letter'), count=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count')), patch=context.call((undefined(name='math') if l_0_math is missing else l_0_math), 'P')))
        yield '\n'
    yield '\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'summary'))
    yield '}\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'summary_parts'))
    yield '\n\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'):
        pass
        def macro():
            t_8 = []
            pass
            t_8.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'params')),
            ))
            return concat(t_8)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:36', 'l:64'], caller=caller)
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'parts'):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_p, 'name'), _loop_vars=_loop_vars))
            yield ' & '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_p, 'formula'), _loop_vars=_loop_vars))
            yield ' \\\\\n'
        l_1_p = missing
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
        yield '\n'
    else:
        pass
        l_0_shares = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), cells=[environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'share')])
        context.vars['shares'] = l_0_shares
        context.exported_vars.add('shares')
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'parts'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            if not isinstance(l_0_shares, Namespace):
                raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
            l_0_shares['cells'] = (environment.getattr((undefined(name='shares') if l_0_shares is missing else l_0_shares), 'cells') + [context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_p, 'share'), _loop_vars=_loop_vars)])
        l_1_p = l_1_esc = missing
        def macro():
            t_9 = []
            pass
            t_9.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'count')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'share')),
            ))
            return concat(t_9)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:100', '>', '>'], [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'count')] + t_4(context.eval_ctx, t_5(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'parts'), attribute='value'))), environment.getattr((undefined(name='shares') if l_0_shares is missing else l_0_shares), 'cells')], caller=caller)
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'parts'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_p, 'name'), _loop_vars=_loop_vars))
            yield ' & '
            yield str(environment.getattr(l_1_p, 'value'))
            yield ' & '
            yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_p, 'share'), _loop_vars=_loop_vars))
            yield ' \\\\\n'
        l_1_p = l_1_esc = missing
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
        yield '\n'
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'layer'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'summary_layer'), name=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'layer_name'))))
        yield '\n\\begin{itemize}\n'
        for l_1_k in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'layer'):
            _loop_vars = {}
            pass
            yield '\\item '
            yield str((context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'kind_share'), kind=environment.getattr(l_1_k, 'kind'), formula=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_k, 'formula'), _loop_vars=_loop_vars), value=environment.getattr(l_1_k, 'value'), share=environment.getattr(l_1_k, 'share'), _loop_vars=_loop_vars) if environment.getattr(l_1_k, 'value') else context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'kind_formula'), kind=environment.getattr(l_1_k, 'kind'), formula=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_k, 'formula'), _loop_vars=_loop_vars), _loop_vars=_loop_vars)))
            yield '\n'
        l_1_k = missing
        yield '\\end{itemize}\n'
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb'):
        pass
        l_0_th = environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb')
        context.vars['th'] = l_0_th
        context.exported_vars.add('th')
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'thumb_intro'))
        yield '\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), ([str_join((environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count'), ' \\approx ', environment.getitem(environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'lines'), 0), ))] + environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'lines')[1:])))
        yield '\n'
        for l_1_note in environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'notes'):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(l_1_note)
            yield '\n'
        l_1_note = missing
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'closest'), architecture=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'architecture')), value=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'value'), percent=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'percent'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above') if environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below'))))
        yield '\n'
    yield '\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'hyperparameters'))
    yield '}\n\n'
    l_0_symbols = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), cells=[environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'symbol')])
    context.vars['symbols'] = l_0_symbols
    context.exported_vars.add('symbols')
    for l_1_h in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'hyper'):
        _loop_vars = {}
        pass
        if not isinstance(l_0_symbols, Namespace):
            raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
        l_0_symbols['cells'] = (environment.getattr((undefined(name='symbols') if l_0_symbols is missing else l_0_symbols), 'cells') + [context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_h, 'symbol'), _loop_vars=_loop_vars)])
    l_1_h = missing
    def macro():
        t_10 = []
        pass
        t_10.extend((
            str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'symbol')),
            ' & ',
            str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'meaning')),
            ' &',
        ))
        if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
            pass
            t_10.extend((
                ' ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'value')),
                ' &',
            ))
        t_10.extend((
            ' ',
            str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'key')),
        ))
        return concat(t_10)
    caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
    yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), (['<', 'l:60', 'l:40'] if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic') else ['<', 'l:42', 'R:22', 'l:36']), [environment.getattr((undefined(name='symbols') if l_0_symbols is missing else l_0_symbols), 'cells')], caller=caller)
    for l_1_h in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'hyper'):
        l_1_esc = resolve('esc')
        _loop_vars = {}
        pass
        yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_h, 'symbol'), _loop_vars=_loop_vars))
        yield ' & '
        yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_h, 'meaning'), _loop_vars=_loop_vars))
        yield ' &'
        if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
            pass
            yield ' '
            yield str((environment.getattr(l_1_h, 'value') or environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')))
            if environment.getattr(l_1_h, 'assumed'):
                pass
                yield ' ('
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_h, 'assumed'), _loop_vars=_loop_vars))
                yield ')'
            yield ' &'
        yield ' '
        yield str((context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_h, 'key'), _loop_vars=_loop_vars) if environment.getattr(l_1_h, 'key') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')))
        yield ' \\\\\n'
    l_1_h = l_1_esc = missing
    yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
    yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'assumptions'):
        pass
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'assumptions'))
        yield '\n\\begin{itemize}\n'
        for l_1_a in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'assumptions'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            yield '\\item '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_a, 'tex'), _loop_vars=_loop_vars))
            yield ': '
            yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_a, 'reason'), _loop_vars=_loop_vars))
            yield '\n'
        l_1_a = l_1_esc = missing
        yield '\\end{itemize}\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'options'):
        pass
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'options'))
        yield '\n\\begin{itemize}\n'
        for l_1_o in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'options'):
            _loop_vars = {}
            pass
            yield '\\item '
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), str_join((environment.getattr(l_1_o, 'name'), '=', environment.getattr(l_1_o, 'value'), )), _loop_vars=_loop_vars))
            yield ': '
            yield str(environment.getattr(l_1_o, 'help'))
            yield '\n'
        l_1_o = missing
        yield '\\end{itemize}\n'
    yield '\n'
    yield str(context.call((undefined(name='need') if l_0_need is missing else l_0_need), 14))
    yield '\\'
    yield str(environment.getitem((undefined(name='headings') if l_0_headings is missing else l_0_headings), 0))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'components'))
    yield '}\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'transposed'):
        pass
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'note_transposed'))
        yield '\n'
    l_1_loop = missing
    for l_1_s, l_1_loop in LoopContext(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'sections'), undefined):
        l_1_columns = resolve('columns')
        l_1_biases = l_1_counts = missing
        _loop_vars = {}
        pass
        yield '\n'
        yield str((context.call((undefined(name='need') if l_0_need is missing else l_0_need), 8, _loop_vars=_loop_vars) if (not environment.getattr(l_1_loop, 'first')) else cond_expr_undefined("the inline if-expression on line 152 in 'derivation.tex.j2' evaluated to false and no else section was defined.")))
        yield str((undefined(name='sub') if l_0_sub is missing else l_0_sub))
        yield '{'
        l_2_loop = missing
        for l_2_n, l_2_loop in LoopContext(environment.getattr(l_1_s, 'names'), undefined):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), l_2_n, _loop_vars=_loop_vars))
            yield str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 152 in 'derivation.tex.j2' evaluated to false and no else section was defined.")))
        l_2_loop = l_2_n = missing
        yield '}\n'
        if environment.getattr(l_1_s, 'repeat'):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'section_layer'), prefix=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_s, 'layer_prefix'), _loop_vars=_loop_vars), count=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(environment.getattr(l_1_s, 'repeat'), 'count'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
        l_1_biases = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), cells=[environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bias'), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')], _loop_vars=_loop_vars)
        _loop_vars['biases'] = l_1_biases
        def t_11(fiter):
            for l_2_r in fiter:
                if environment.getattr(l_2_r, 'bias'):
                    yield l_2_r
        for l_2_r in t_11(environment.getattr(l_1_s, 'rows')):
            _loop_vars = {}
            pass
            if not isinstance(l_1_biases, Namespace):
                raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
            l_1_biases['cells'] = (environment.getattr((undefined(name='biases') if l_1_biases is missing else l_1_biases), 'cells') + [context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_2_r, 'bias'), _loop_vars=_loop_vars)])
        l_2_r = missing
        l_1_counts = ([] if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic') else [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'count'), '+0'] + t_4(context.eval_ctx, t_6(context, t_5(context, environment.getattr(l_1_s, 'rows'), attribute='value'))))])
        _loop_vars['counts'] = l_1_counts
        if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
            pass
            l_1_columns = (['l:36', 'l:30', 'l:34'] if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic') else ['l:38', 'l:28', 'l:34', '>'])
            _loop_vars['columns'] = l_1_columns
        else:
            pass
            l_1_columns = (['l:42', 'l:24', '<', 'l:34'] + ([] if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic') else ['>']))
            _loop_vars['columns'] = l_1_columns
        def macro():
            t_12 = []
            pass
            t_12.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'module')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'shape')),
                ' &',
            ))
            if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
                pass
                t_12.extend((
                    ' ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bias')),
                    ' &',
                ))
            t_12.extend((
                ' ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'params')),
            ))
            if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
                pass
                t_12.extend((
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'count')),
                ))
            return concat(t_12)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), (undefined(name='columns') if l_1_columns is missing else l_1_columns), ((undefined(name='counts') if l_1_counts is missing else l_1_counts) if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else ([environment.getattr((undefined(name='biases') if l_1_biases is missing else l_1_biases), 'cells')] + (undefined(name='counts') if l_1_counts is missing else l_1_counts))), caller=caller, _loop_vars=_loop_vars)
        for l_2_r in environment.getattr(l_1_s, 'rows'):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_2_r, 'name'), _loop_vars=_loop_vars))
            yield ' & '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), (t_1(environment.getattr(l_2_r, 'shape')) if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else environment.getattr(l_2_r, 'shape')), _loop_vars=_loop_vars))
            if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
                pass
                yield ' & '
                yield str((context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_2_r, 'bias'), _loop_vars=_loop_vars) if environment.getattr(l_2_r, 'bias') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')))
            elif environment.getattr(l_2_r, 'bias'):
                pass
                yield '\\newline '
                yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bias'))
                yield ': '
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), t_1(environment.getattr(l_2_r, 'bias')), _loop_vars=_loop_vars))
            yield ' & '
            if environment.getattr(l_2_r, 'tied_to'):
                pass
                yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'tied_row'), owner=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_2_r, 'tied_to'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            else:
                pass
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), (t_1(environment.getattr(l_2_r, 'params')) if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else environment.getattr(l_2_r, 'params')), _loop_vars=_loop_vars))
            if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
                pass
                yield ' & '
                yield str(('+0' if environment.getattr(l_2_r, 'tied_to') else environment.getattr(l_2_r, 'value')))
            yield ' \\\\\n'
        l_2_r = missing
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end), _loop_vars=_loop_vars))
        yield '\n\n'
        yield str((environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'layer_sum') if environment.getattr(l_1_s, 'repeat') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'part_sum')))
        yield '\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(l_1_s, 'lines'), environment.getattr(l_1_s, 'label'), _loop_vars=_loop_vars))
        yield '\n'
        if environment.getattr(l_1_s, 'repeat'):
            pass
            yield '\n'
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'stack_sum'))
            yield '\n'
            yield str((context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines')[1:], environment.getitem(environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines'), 0), _loop_vars=_loop_vars) if (t_3(environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines')) > 1) else context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines'), _loop_vars=_loop_vars)))
            yield '\n'
    l_1_loop = l_1_s = l_1_biases = l_1_counts = l_1_columns = missing
    yield '\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'total'))
    yield '}\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sum_of_parts'))
    yield '\n'
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'total_lines'), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count')))
    yield '\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'closed_form'))
    yield '\n'
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'closed'), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count')))
    yield '\n\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'):
        pass
        yield str((environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'final_symbolic') if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'squares') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'final_symbolic_plain')))
        yield '\n'
    else:
        pass
        yield '\\textbf{'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'final'), value=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'value')))
        yield '}\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'):
        pass
        yield '\n'
        yield str((environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_intro_shared') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'shared') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_intro')))
        yield '\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'lines'), str_join((environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count'), '_{\\mathrm{active}}', ))))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'value'):
            pass
            yield '\n\\textbf{'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_final'), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'value'), total=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'value')))
            yield '}\n'
    yield '\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'tied'))
    yield '}\n\n'
    t_13 = 1
    for l_1_tie in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'ties'):
        _loop_vars = {}
        pass
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'tie'), name=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_tie, 'name'), _loop_vars=_loop_vars), owner=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_tie, 'owner'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
        yield '\n'
        if environment.getattr(l_1_tie, 'total_untied'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'tie_untied'), untied=context.call((undefined(name='math') if l_0_math is missing else l_0_math), t_2(context.eval_ctx, environment.getattr(l_1_tie, 'lines'), ' = '), _loop_vars=_loop_vars), total=environment.getattr(l_1_tie, 'total_untied'), value=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'value'), _loop_vars=_loop_vars))
            yield '\n'
        yield '\n'
        t_13 = 0
    l_1_tie = missing
    if t_13:
        pass
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'no_ties'))
        yield '\n\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'dropouts'))
    yield '}\n\n'
    yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'kept'), symbols=context.call((undefined(name='math') if l_0_math is missing else l_0_math), t_2(context.eval_ctx, environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'kept'), ',\\allowbreak '))))
    yield '\n\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'dropouts'):
        pass
        yield '\\begin{itemize}\n'
        for l_1_drop in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'dropouts'):
            _loop_vars = {}
            pass
            yield '\\item '
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), str_join(('drop_', environment.getattr(l_1_drop, 'kind'), ))), symbol=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'symbol'), _loop_vars=_loop_vars), assumption=(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'assumption'), _loop_vars=_loop_vars) if environment.getattr(l_1_drop, 'assumption') else ''), whole=(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'whole'), _loop_vars=_loop_vars) if environment.getattr(l_1_drop, 'whole') else ''), _loop_vars=_loop_vars))
            yield '\n'
            for l_2_chain in environment.getattr(l_1_drop, 'chains'):
                _loop_vars = {}
                pass
                yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), [l_2_chain], _loop_vars=_loop_vars))
                yield '\n'
            l_2_chain = missing
        l_1_drop = missing
        yield '\\end{itemize}\n'
    else:
        pass
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'no_drops'))
        yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory'):
        pass
        yield '\n'
        yield str((undefined(name='top') if l_0_top is missing else l_0_top))
        yield '{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'memory'))
        yield '}\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'memory_intro'), mib=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'mib')), mb=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'mb')), gib=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'gib')), gb=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'gb'))))
        yield '\n\n'
        if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
            pass
            yield '\\begin{itemize}\n'
            for l_1_m in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory'):
                _loop_vars = {}
                pass
                yield '\\item '
                yield str(environment.getattr(l_1_m, 'dtype'))
                yield ': '
                yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes_per_param'))
                yield ' '
                yield str(environment.getattr(l_1_m, 'per'))
                yield '; '
                yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes'))
                yield ' '
                yield str(environment.getattr(l_1_m, 'bytes'))
                yield '; '
                yield str(environment.getattr(l_1_m, 'binary'))
                yield '; '
                yield str(environment.getattr(l_1_m, 'decimal'))
                yield '\n'
            l_1_m = missing
            yield '\\end{itemize}\n'
        else:
            pass
            def macro():
                t_14 = []
                pass
                t_14.extend((
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'dtype')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes_per_param')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'binary')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'decimal')),
                ))
                return concat(t_14)
            caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
            yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:16', 'R:21', 'R:23', 'R:20', 'R:20'], caller=caller)
            for l_1_m in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory'):
                _loop_vars = {}
                pass
                yield str(environment.getattr(l_1_m, 'dtype'))
                yield ' & '
                yield str(environment.getattr(l_1_m, 'per'))
                yield ' & '
                yield str(environment.getattr(l_1_m, 'bytes'))
                yield ' & '
                yield str(environment.getattr(l_1_m, 'binary'))
                yield ' & '
                yield str(environment.getattr(l_1_m, 'decimal'))
                yield ' \\\\\n'
            l_1_m = missing
            yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
            yield '\n'
        yield '\n'
        for l_1_m in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory')[:1]:
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), [environment.getattr(l_1_m, 'line')], _loop_vars=_loop_vars))
            yield '\n'
        l_1_m = missing
        if t_4(context.eval_ctx, t_7(context, environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory'), 'dtype', 'equalto', 'int8')):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'memory_int8'), command=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'symparam memory')))
            yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'):
        pass
        yield '\n'
        yield str((undefined(name='top') if l_0_top is missing else l_0_top))
        yield '{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'reported'))
        yield '}\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'reported'), params=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'params'), source=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'source'), percent=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'percent'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below'))))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'reported_recount'), changes=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'changes')), actual=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'actual')), why=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'why'), value=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'value')))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'note'):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'reported_note'), note=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'note')))
            yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'):
        pass
        yield '\n'
        yield str((undefined(name='top') if l_0_top is missing else l_0_top))
        yield '{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'compute'))
        yield '}\n\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'images'):
            pass
            yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'images'))
            yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), (environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_intro_one') if (environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'batch') == 1) else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_intro')), batch=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'batch'), seq=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'seq'), counter=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'torch.utils.flop_counter')))
        yield '\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'lines'), 'C'))
        yield '\n\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_kinds'))
        yield '\n\n'
        l_0_shares = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), cells=[environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'share')])
        context.vars['shares'] = l_0_shares
        context.exported_vars.add('shares')
        for l_1_k in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'kinds'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            if not isinstance(l_0_shares, Namespace):
                raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
            l_0_shares['cells'] = (environment.getattr((undefined(name='shares') if l_0_shares is missing else l_0_shares), 'cells') + [context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_k, 'share'), _loop_vars=_loop_vars)])
        l_1_k = l_1_esc = missing
        def macro():
            t_15 = []
            pass
            t_15.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'kind')),
                ' &',
            ))
            if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
                pass
                t_15.extend((
                    ' ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'formula')),
                    ' &',
                ))
            t_15.extend((
                ' ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'share')),
            ))
            return concat(t_15)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), (['l:100', '>', '>'] if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else ['l:34', 'l:66', '>', '>']), [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')] + t_4(context.eval_ctx, t_5(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'kinds'), attribute='flops'))), environment.getattr((undefined(name='shares') if l_0_shares is missing else l_0_shares), 'cells')], caller=caller)
        for l_1_k in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'kinds'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_k, 'kind'), _loop_vars=_loop_vars))
            yield ' &'
            if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
                pass
                yield ' '
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_k, 'formula'), _loop_vars=_loop_vars))
                yield ' &'
            yield ' '
            yield str(environment.getattr(l_1_k, 'flops'))
            yield ' & '
            yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_k, 'share'), _loop_vars=_loop_vars))
            yield ' \\\\\n'
        l_1_k = l_1_esc = missing
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_rule'), rule=context.call((undefined(name='math') if l_0_math is missing else l_0_math), str_join(('2 ', environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count'), ' B s', ))), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule'), percent=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule_gap'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above_exact') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule_above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below_exact'))))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_training'), formula=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '3 C'), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'training')))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rules'):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_rules'), tokens=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'tokens')))
            yield '\n\n'
            l_0_gaps = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), cells=[environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'gap')])
            context.vars['gaps'] = l_0_gaps
            context.exported_vars.add('gaps')
            for l_1_r in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rules'):
                l_1_esc = resolve('esc')
                _loop_vars = {}
                pass
                if not isinstance(l_0_gaps, Namespace):
                    raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                l_0_gaps['cells'] = (environment.getattr((undefined(name='gaps') if l_0_gaps is missing else l_0_gaps), 'cells') + [context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_r, 'gap'), _loop_vars=_loop_vars)])
            l_1_r = l_1_esc = missing
            def macro():
                t_16 = []
                pass
                t_16.extend((
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'rule')),
                    ' &',
                ))
                if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
                    pass
                    t_16.extend((
                        ' ',
                        str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'defined')),
                        ' &',
                    ))
                t_16.extend((
                    ' ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'gap')),
                ))
                return concat(t_16)
            caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
            yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), (['l:100', '>', '>'] if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else ['l:22', 'l:78', '>', '>']), [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')] + t_4(context.eval_ctx, t_5(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rules'), attribute='value'))), environment.getattr((undefined(name='gaps') if l_0_gaps is missing else l_0_gaps), 'cells')], caller=caller)
            for l_1_r in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rules'):
                l_1_esc = resolve('esc')
                _loop_vars = {}
                pass
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_r, 'formula'), _loop_vars=_loop_vars))
                yield str((': ' if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else ' & '))
                yield str(environment.getattr(l_1_r, 'defined'))
                yield ' & '
                yield str(environment.getattr(l_1_r, 'value'))
                yield ' & '
                yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_r, 'gap'), _loop_vars=_loop_vars))
                yield ' \\\\\n'
            l_1_r = l_1_esc = missing
            yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'idle'):
            pass
            yield '\n'
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_idle'))
            yield '\n'
        yield '\n'
        def macro():
            t_17 = []
            pass
            t_17.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')),
            ))
            return concat(t_17)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:100', '>'], [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')] + t_4(context.eval_ctx, t_5(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'parts'), attribute='flops')))], caller=caller)
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'parts'):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_p, 'name'), _loop_vars=_loop_vars))
            yield ' & '
            yield str(environment.getattr(l_1_p, 'flops'))
            yield ' \\\\\n'
        l_1_p = missing
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
        yield '\n\n\\textbf{'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_result'), flops=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'flops'), macs=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'macs')))
        yield '}\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'):
        pass
        yield '\n'
        yield str((undefined(name='top') if l_0_top is missing else l_0_top))
        yield '{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'per_gpu'))
        yield '}\n\n'
        yield str(t_2(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'intro'), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap')))
        yield '\n\n'
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'held'))
        yield '\n\n'
        def macro():
            t_18 = []
            pass
            t_18.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'formula')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'binary')),
            ))
            return concat(t_18)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:30', 'l:70', '>', '>'], [(([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes')] + t_4(context.eval_ctx, t_5(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'parts'), attribute='bytes'))) + [environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'total')]), (([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'binary')] + t_4(context.eval_ctx, t_5(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'parts'), attribute='binary'))) + [environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'total_binary')])], caller=caller)
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'parts'):
            _loop_vars = {}
            pass
            yield str(environment.getattr(l_1_p, 'name'))
            yield ' & '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_p, 'formula'), _loop_vars=_loop_vars))
            yield ' & '
            yield str(environment.getattr(l_1_p, 'bytes'))
            yield ' & '
            yield str(environment.getattr(l_1_p, 'binary'))
            yield ' \\\\\n'
        l_1_p = missing
        yield '\\textbf{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'gpu_total'))
        yield '} & & '
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'total'))
        yield ' & '
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'total_binary'))
        yield ' \\\\\n'
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'activations'):
            pass
            yield '\n'
            yield str(t_2(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'activations'), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap')))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'fits'):
            pass
            yield '\n'
            yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'fits'))
            yield '\n'
        for l_1_note in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'notes'):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(l_1_note)
            yield '\n'
        l_1_note = missing
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'traffic'):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'gpu_traffic_intro'), m=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'micro_batches')))
            yield '\n\n'
            def macro():
                t_19 = []
                pass
                t_19.extend((
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'gpu_traffic')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'formula')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'gpu_element_bytes')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'binary')),
                ))
                return concat(t_19)
            caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
            yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:30', 'l:56', 'r:14', '>', '>'], [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes')] + t_4(context.eval_ctx, t_5(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'traffic'), attribute='bytes'))), ([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'binary')] + t_4(context.eval_ctx, t_5(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'traffic'), attribute='binary')))], caller=caller)
            for l_1_r in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'traffic'):
                _loop_vars = {}
                pass
                yield str(environment.getattr(l_1_r, 'name'))
                yield ' & '
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_r, 'formula'), _loop_vars=_loop_vars))
                yield ' & '
                yield str(environment.getattr(l_1_r, 'size'))
                yield ' & '
                yield str(environment.getattr(l_1_r, 'bytes'))
                yield ' & '
                yield str(environment.getattr(l_1_r, 'binary'))
                yield ' \\\\\n'
            l_1_r = missing
            yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'traffic_refused'):
            pass
            yield '\n'
            yield str(t_2(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'traffic_refused'), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap')))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'bubble'):
            pass
            yield '\n'
            yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'bubble'))
            yield '\n'
        yield '\n'
        yield str(t_2(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'rules'), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap')))
        yield '\n'
    yield '\n'
    if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
        pass
        yield '\\par\\endgroup\n'
    else:
        pass
        yield '\\vfill\n\\emph{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'generated'))
        yield '}\n\\end{document}\n'

blocks = {}
debug_info = '6=68&7=86&8=89&9=92&10=95&11=97&12=100&15=105&18=110&25=112&29=115&42=122&43=124&50=127&51=129&53=133&55=135&57=138&59=140&61=144&63=147&65=150&68=153&70=157&72=159&73=161&74=165&73=171&76=172&77=175&79=180&81=184&82=187&83=195&84=199&83=207&86=208&87=212&89=219&91=221&93=224&95=226&96=230&100=234&101=236&103=240&104=242&105=244&107=248&110=251&112=254&115=257&117=261&118=264&119=271&120=275&119=293&122=294&123=298&125=316&126=318&128=321&130=323&131=328&135=334&137=337&139=339&140=343&145=350&146=356&148=359&150=362&152=368&153=379&155=382&159=384&160=386&161=397&162=399&163=401&165=405&167=407&168=411&167=435&170=436&171=439&173=465&175=467&176=469&177=471&179=474&180=476&184=480&186=484&187=486&189=488&190=490&192=492&193=494&195=499&197=501&199=504&200=506&201=508&203=511&207=514&209=519&210=522&211=524&212=526&216=533&219=535&221=539&223=541&225=544&226=548&227=550&228=553&233=560&235=562&237=565&239=569&241=571&243=574&244=578&248=596&249=600&248=612&251=613&252=616&254=627&257=630&258=633&260=636&262=639&265=641&267=644&269=648&270=650&271=652&273=654&275=657&278=659&280=662&282=666&283=668&286=670&287=672&289=674&291=676&292=679&294=687&295=691&294=709&297=710&298=714&300=727&302=729&304=731&305=733&307=736&309=738&310=741&312=749&313=753&312=771&315=772&316=776&318=785&320=787&322=790&325=793&326=797&325=803&328=804&329=807&331=812&333=814&335=816&337=819&339=823&341=825&343=827&344=831&343=841&346=842&347=845&349=855&350=861&351=863&353=866&355=868&357=871&359=873&361=877&363=880&365=883&367=885&368=889&367=901&370=902&371=905&373=916&375=918&377=921&379=923&381=926&384=929&387=932&391=938'
