# page/page.html.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = '15552:898e2ef7'
RUNTIME = 'symparam.template_runtime'
from symparam.template_runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'page/page.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_lang = resolve('lang')
    l_0_policy = resolve('policy')
    l_0_version = resolve('version')
    l_0_title = resolve('title')
    l_0_style = resolve('style')
    l_0_t = resolve('t')
    l_0_v = resolve('v')
    l_0_code = resolve('code')
    l_0_list_of = resolve('list_of')
    l_0_r = resolve('r')
    l_0_g = resolve('g')
    l_0_script = resolve('script')
    pass
    yield '<!DOCTYPE html>\n<html lang="'
    yield escape((undefined(name='lang') if l_0_lang is missing else l_0_lang))
    yield '">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="'
    yield escape((undefined(name='policy') if l_0_policy is missing else l_0_policy))
    yield '">\n<meta name="referrer" content="no-referrer">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="generator" content="symparam '
    yield escape((undefined(name='version') if l_0_version is missing else l_0_version))
    yield '">\n<title>'
    yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
    yield '</title>\n<style>'
    yield escape((undefined(name='style') if l_0_style is missing else l_0_style))
    yield '</style>\n</head>\n<body>\n<header>\n<nav class="languages needs-script" aria-label="'
    yield escape(context.call(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'plain'), (undefined(name='lang') if l_0_lang is missing else l_0_lang), 'page.language'))
    yield '">\n'
    for (l_1_code, l_1_name) in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'languages'):
        _loop_vars = {}
        pass
        yield '<button type="button" data-lang="'
        yield escape(l_1_code)
        yield '" lang="'
        yield escape(l_1_code)
        yield '" aria-pressed="'
        yield escape(('true' if (l_1_code == (undefined(name='lang') if l_0_lang is missing else l_0_lang)) else 'false'))
        yield '">'
        yield escape(l_1_name)
        yield '</button>\n'
    l_1_code = l_1_name = missing
    yield '</nav>\n<h1>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.title', model=environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'model')))
    yield '</h1>\n<p class="lede">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), ('page.lede_symbolic' if (environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'symbolic') and (not environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'example'))) else ('page.lede' if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'total'), 'active') else 'page.lede_dense'))))
    yield '</p>\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'example'):
        pass
        yield '<p>'
        yield escape((context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.example_defaults', kind=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'example'), 'kind')), lib=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'transformers')) if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'example'), 'kind') else (context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.example_preset', preset=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'example'), 'preset'))) if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'example'), 'preset') else context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.example_own'))))
        yield '</p>\n'
    yield '<p>'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'symbolic'):
        pass
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), ('page.intro_example' if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'example') else 'intro_symbolic'), family=environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'family'), architecture=environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'architecture')))
    else:
        pass
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'intro', architecture=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'architecture')), names=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'named_parameters()')))
    yield '</p>\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'description'):
        pass
        yield '<p data-defaults>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'description', description=environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'description')))
        yield '</p>\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'count_letter'):
        pass
        yield '<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.count_letter', count=environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'count_letter'), patch=environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'patch')))
        yield '</p>\n'
    yield '</header>\n<main>\n<section id="values" aria-labelledby="values-heading">\n<h2 id="values-heading">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.calculator'))
    yield '</h2>\n<div class="scroll">\n<table class="inputs">\n<caption class="sr">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.calculator'))
    yield '</caption>\n<thead><tr><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.symbol'))
    yield '</th><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.meaning'))
    yield '</th><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.value'))
    yield '</th><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.key'))
    yield '</th></tr></thead>\n<tbody>\n'
    l_1_loop = missing
    for l_1_h, l_1_loop in LoopContext(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'inputs'), undefined):
        _loop_vars = {}
        pass
        yield '<tr>\n<th scope="row" class="sym" id="symbol-'
        yield escape(environment.getattr(l_1_loop, 'index'))
        yield '">'
        yield escape(environment.getattr(l_1_h, 'symbol'))
        yield '</th>\n<td class="meaning" id="meaning-'
        yield escape(environment.getattr(l_1_loop, 'index'))
        yield '">'
        yield escape(environment.getattr(l_1_h, 'meaning'))
        yield '</td>\n'
        if environment.getattr(l_1_h, 'assumed'):
            pass
            yield '<td class="value assumed">'
            yield escape(environment.getattr(l_1_h, 'assumed'))
            yield '</td>\n'
        else:
            pass
            yield '<td class="value"><input type="text" inputmode="numeric" autocomplete="off" spellcheck="false" size="12" data-name="'
            yield escape(environment.getattr(l_1_h, 'name'))
            yield '" value="'
            yield escape(environment.getattr(l_1_h, 'default'))
            yield '" aria-labelledby="symbol-'
            yield escape(environment.getattr(l_1_loop, 'index'))
            yield ' meaning-'
            yield escape(environment.getattr(l_1_loop, 'index'))
            yield '"></td>\n'
        yield '<td class="key">'
        if environment.getattr(l_1_h, 'key'):
            pass
            yield escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_h, 'key'), _loop_vars=_loop_vars))
        else:
            pass
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.none', _loop_vars=_loop_vars))
        yield '</td>\n</tr>\n'
    l_1_loop = l_1_h = missing
    yield '</tbody>\n</table>\n</div>\n<div class="results" aria-live="polite">\n<p class="total"><span class="what">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.total'))
    yield '</span> '
    yield escape(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'results'), 'total'))
    yield '</p>\n'
    if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'results'), 'active'):
        pass
        yield '<p class="active"><span class="what">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.active'))
        yield '</span> '
        yield escape(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'results'), 'active'))
        yield '</p>\n'
        if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'results'), 'active_bare'):
            pass
            yield '<p class="active bare"><span class="what">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.active_bare'))
            yield '</span> '
            yield escape(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'results'), 'active_bare'))
            yield '</p>\n'
    yield '<ul class="messages">\n<li data-status="invalid" hidden>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.invalid', names=context.call((undefined(name='list_of') if l_0_list_of is missing else l_0_list_of), 'invalid')))
    yield '</li>\n<li data-status="empty" hidden>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.empty', names=context.call((undefined(name='list_of') if l_0_list_of is missing else l_0_list_of), 'empty')))
    yield '</li>\n<li data-status="ignored" hidden>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.ignored', names=context.call((undefined(name='list_of') if l_0_list_of is missing else l_0_list_of), 'ignored')))
    yield '</li>\n'
    for l_1_check in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'messages'):
        _loop_vars = {}
        pass
        yield '<li data-check="'
        yield escape(environment.getattr(l_1_check, 'index'))
        yield '"'
        if (not environment.getattr(l_1_check, 'blocking')):
            pass
            yield ' class="runs"'
        if environment.getattr(l_1_check, 'hidden'):
            pass
            yield ' hidden'
        yield '>'
        yield escape(environment.getattr(l_1_check, 'message'))
        yield '</li>\n'
    l_1_check = missing
    yield '</ul>\n</div>\n<p class="actions needs-script"><a data-share href="#">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.share'))
    yield '</a> <button type="button" data-reset>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.reset'))
    yield '</button></p>\n</section>\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'summary'):
        pass
        yield '<section id="summary">\n<h2>1. '
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.summary'))
        yield '</h2>\n<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.summary_parts'))
        yield '</p>\n<svg class="bar" viewBox="0 0 1000 28" preserveAspectRatio="none" aria-hidden="true" focusable="false">\n'
        l_1_loop = missing
        for l_1_p, l_1_loop in LoopContext(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'summary'), 'parts'), undefined):
            _loop_vars = {}
            pass
            yield '<rect class="c'
            yield escape((environment.getattr(l_1_loop, 'index0') % 6))
            yield '" data-bar="'
            yield escape(environment.getattr(environment.getattr(l_1_p, 'bar'), 'f'))
            yield '" data-bar-of="'
            yield escape(environment.getattr(environment.getattr(l_1_p, 'bar'), 'of'))
            yield '" x="'
            yield escape(environment.getattr(environment.getattr(l_1_p, 'bar'), 'x'))
            yield '" y="0" width="'
            yield escape(environment.getattr(environment.getattr(l_1_p, 'bar'), 'width'))
            yield '" height="28"></rect>\n'
        l_1_loop = l_1_p = missing
        yield '</svg>\n<div class="scroll">\n<table>\n<caption class="sr">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.summary'))
        yield '</caption>\n<thead><tr><th scope="col">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.part'))
        yield '</th><th scope="col" class="n">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.count'))
        yield '</th><th scope="col" class="n">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.share'))
        yield '</th><th scope="col">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.formula'))
        yield '</th></tr></thead>\n<tbody>\n'
        l_1_loop = missing
        for l_1_p, l_1_loop in LoopContext(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'summary'), 'parts'), undefined):
            _loop_vars = {}
            pass
            yield '<tr><td><span class="part"><span class="swatch c'
            yield escape((environment.getattr(l_1_loop, 'index0') % 6))
            yield '" aria-hidden="true"></span>'
            yield escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_p, 'name'), _loop_vars=_loop_vars))
            yield '</span></td><td class="n">'
            yield escape(environment.getattr(l_1_p, 'value'))
            yield '</td><td class="n">'
            yield escape(environment.getattr(l_1_p, 'share'))
            yield '</td><td>'
            yield escape(environment.getattr(environment.getattr(l_1_p, 'formula'), 'html'))
            yield '</td></tr>\n'
        l_1_loop = l_1_p = missing
        yield '</tbody>\n</table>\n</div>\n'
        if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'summary'), 'layer'):
            pass
            yield '<p>'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.summary_layer', name=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'summary'), 'layer_name'))))
            yield '</p>\n<ul class="formulas">\n'
            for l_1_k in environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'summary'), 'layer'):
                _loop_vars = {}
                pass
                yield '<li>'
                yield escape(environment.getattr(l_1_k, 'kind'))
                yield ': '
                yield escape(environment.getattr(environment.getattr(l_1_k, 'formula'), 'html'))
                yield ' = '
                yield escape(environment.getattr(l_1_k, 'value'))
                yield ' ('
                yield escape(environment.getattr(l_1_k, 'share'))
                yield ')</li>\n'
            l_1_k = missing
            yield '</ul>\n'
        if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'summary'), 'thumb'):
            pass
            yield '<p>'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.thumb_intro'))
            yield '</p>\n'
            yield escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'summary'), 'thumb'), 'equation'))
            yield '\n<p>'
            yield escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'summary'), 'thumb'), 'gap'))
            yield '</p>\n'
        yield '</section>\n'
    yield '<section id="total">\n<h2>2. '
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.total'))
    yield '</h2>\n<p>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.sum_of_parts'))
    yield '</p>\n'
    for l_1_line in environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'total'), 'sums'):
        _loop_vars = {}
        pass
        yield escape(l_1_line)
    l_1_line = missing
    yield '<p>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.closed_form'))
    yield '</p>\n'
    yield escape(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'total'), 'closed'))
    yield '\n<p class="final">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.final', value=environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'total'), 'value')))
    yield '</p>\n'
    if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'total'), 'active'):
        pass
        yield '<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), ('text.active_intro_shared' if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'results'), 'shared') else 'text.active_intro')))
        yield '</p>\n'
        yield escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'total'), 'active'), 'equation'))
        yield '\n<p class="final">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.active_final', value=environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'total'), 'active'), 'value'), total=environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'total'), 'value')))
        yield '</p>\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'assumptions'):
        pass
        yield '<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.assumptions'))
        yield '</p>\n<ul class="formulas">\n'
        for l_1_a in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'assumptions'):
            _loop_vars = {}
            pass
            yield '<li>'
            yield escape(environment.getattr(environment.getattr(l_1_a, 'formula'), 'html'))
            yield ': '
            yield escape(environment.getattr(l_1_a, 'reason'))
            yield '</li>\n'
        l_1_a = missing
        yield '</ul>\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'options'):
        pass
        yield '<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.options'))
        yield '</p>\n<ul>\n'
        for l_1_o in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'options'):
            _loop_vars = {}
            pass
            yield '<li>'
            yield escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_o, 'name'), _loop_vars=_loop_vars))
            yield ': '
            yield escape(environment.getattr(l_1_o, 'text'))
            yield '</li>\n'
        l_1_o = missing
        yield '</ul>\n'
    yield '</section>\n<section id="dropouts">\n<h2>3. '
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.dropouts'))
    yield '</h2>\n<p>'
    yield escape(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'dropouts'), 'kept'))
    yield '</p>\n'
    if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'dropouts'), 'drops'):
        pass
        yield '<ul class="formulas">\n'
        for l_1_drop in environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'dropouts'), 'drops'):
            _loop_vars = {}
            pass
            yield '<li>'
            yield escape(environment.getattr(l_1_drop, 'sentence'))
            for l_2_chain in environment.getattr(l_1_drop, 'chains'):
                _loop_vars = {}
                pass
                yield '<br>'
                yield escape(l_2_chain)
            l_2_chain = missing
            yield '</li>\n'
        l_1_drop = missing
        yield '</ul>\n'
    else:
        pass
        yield '<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.no_drops'))
        yield '</p>\n'
    yield '</section>\n<section id="layers">\n<h2>4. '
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.components'))
    yield '</h2>\n'
    l_1_loop = missing
    for l_1_s, l_1_loop in LoopContext(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'sections'), undefined):
        _loop_vars = {}
        pass
        yield '<h3>4.'
        yield escape(environment.getattr(l_1_s, 'index'))
        yield ' '
        l_2_loop = missing
        for l_2_n, l_2_loop in LoopContext(environment.getattr(l_1_s, 'names'), undefined):
            _loop_vars = {}
            pass
            yield escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), l_2_n, _loop_vars=_loop_vars))
            yield escape((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 154 in 'page/page.html.j2' evaluated to false and no else section was defined.")))
        l_2_loop = l_2_n = missing
        yield '</h3>\n'
        if environment.getattr(l_1_s, 'repeat'):
            pass
            yield '<p>'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.section_layer', prefix=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_s, 'prefix'), _loop_vars=_loop_vars), count=environment.getattr(environment.getattr(l_1_s, 'repeat'), 'count'), _loop_vars=_loop_vars))
            yield '</p>\n'
        yield '<div class="scroll">\n<table>\n<caption class="sr">4.'
        yield escape(environment.getattr(l_1_s, 'index'))
        yield ' '
        l_2_loop = missing
        for l_2_n, l_2_loop in LoopContext(environment.getattr(l_1_s, 'names'), undefined):
            _loop_vars = {}
            pass
            yield escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), l_2_n, _loop_vars=_loop_vars))
            yield escape((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 160 in 'page/page.html.j2' evaluated to false and no else section was defined.")))
        l_2_loop = l_2_n = missing
        yield '</caption>\n<thead><tr><th scope="col">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.module', _loop_vars=_loop_vars))
        yield '</th><th scope="col">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.shape', _loop_vars=_loop_vars))
        yield '</th><th scope="col">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.bias', _loop_vars=_loop_vars))
        yield '</th><th scope="col">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.params', _loop_vars=_loop_vars))
        yield '</th><th scope="col" class="n">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.count', _loop_vars=_loop_vars))
        yield '</th></tr></thead>\n<tbody>\n'
        for l_2_r in environment.getattr(l_1_s, 'rows'):
            _loop_vars = {}
            pass
            yield '<tr><td>'
            yield escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_2_r, 'name'), _loop_vars=_loop_vars))
            yield '</td><td>'
            yield escape(environment.getattr(l_2_r, 'shape'))
            yield '</td><td>'
            if environment.getattr(l_2_r, 'bias'):
                pass
                yield escape(environment.getattr(l_2_r, 'bias'))
            else:
                pass
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.none', _loop_vars=_loop_vars))
            yield '</td>\n'
            if environment.getattr(l_2_r, 'tied_to'):
                pass
                yield '<td>'
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.tied_row', owner=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_2_r, 'tied_to'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
                yield '</td><td class="n">+0</td>'
            else:
                pass
                yield '<td>'
                yield escape(environment.getattr(environment.getattr(l_2_r, 'formula'), 'html'))
                yield '</td><td class="n">'
                yield escape(environment.getattr(l_2_r, 'value'))
                yield '</td>'
            yield '</tr>\n'
        l_2_r = missing
        yield '</tbody>\n</table>\n</div>\n<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), ('text.layer_sum' if environment.getattr(l_1_s, 'repeat') else 'text.part_sum'), _loop_vars=_loop_vars))
        yield '</p>\n'
        yield escape(environment.getattr(l_1_s, 'sum'))
        yield '\n'
        if environment.getattr(l_1_s, 'repeat'):
            pass
            yield '<p>'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.stack_sum', _loop_vars=_loop_vars))
            yield '</p>\n'
            yield escape(environment.getattr(environment.getattr(l_1_s, 'repeat'), 'equation'))
            yield '\n'
    l_1_loop = l_1_s = missing
    yield '</section>\n<section id="tied">\n<h2>5. '
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.tied'))
    yield '</h2>\n'
    t_1 = 1
    for l_1_tie in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'ties'):
        _loop_vars = {}
        pass
        yield '<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.tie', name=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_tie, 'name'), _loop_vars=_loop_vars), owner=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_tie, 'owner'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
        yield '<span class="t" lang="en"> </span><span class="t" lang="zh"></span><span class="t" lang="ko"> </span>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.tie_untied', untied=environment.getattr(l_1_tie, 'untied'), total=environment.getattr(l_1_tie, 'total'), value=environment.getattr(l_1_tie, 'value'), _loop_vars=_loop_vars))
        yield '</p>\n'
        t_1 = 0
    l_1_tie = missing
    if t_1:
        pass
        yield '<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.no_ties'))
        yield '</p>\n'
    yield '</section>\n<section id="memory">\n<h2>6. '
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.memory'))
    yield '</h2>\n<p>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.memory_intro'))
    yield '</p>\n<div class="scroll">\n<table>\n<caption class="sr">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.memory'))
    yield '</caption>\n<thead><tr><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.dtype'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.bytes_per_param'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.bytes'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.binary'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.decimal'))
    yield '</th></tr></thead>\n<tbody>\n'
    for l_1_m in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'memory'):
        _loop_vars = {}
        pass
        yield '<tr><td>'
        yield escape(environment.getattr(l_1_m, 'dtype'))
        yield '</td><td class="n">'
        yield escape(environment.getattr(l_1_m, 'per'))
        yield '</td><td class="n">'
        yield escape(environment.getattr(l_1_m, 'bytes'))
        yield '</td><td class="n">'
        yield escape(environment.getattr(l_1_m, 'gib'))
        yield '</td><td class="n">'
        yield escape(environment.getattr(l_1_m, 'gb'))
        yield '</td></tr>\n'
    l_1_m = missing
    yield '</tbody>\n</table>\n</div>\n<p>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.training_intro', memory=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'symparam memory')))
    yield '</p>\n<div class="scroll">\n<table data-training>\n<caption class="sr">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.training_caption'))
    yield '</caption>\n<thead><tr><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.column_recipe'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.bytes_per_param'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.bytes'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.binary'))
    yield '</th></tr></thead>\n<tbody>\n'
    for l_1_o in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'training'):
        _loop_vars = {}
        pass
        yield '<tr><td>'
        yield escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_o, 'name'), _loop_vars=_loop_vars))
        yield '</td><td class="n">'
        yield escape(environment.getattr(l_1_o, 'per'))
        yield '</td><td class="n">'
        yield escape(environment.getattr(l_1_o, 'bytes'))
        yield '</td><td class="n">'
        yield escape(environment.getattr(l_1_o, 'gib'))
        yield '</td></tr>\n'
    l_1_o = missing
    yield '</tbody>\n</table>\n</div>\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'kv'):
        pass
        yield '<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.kv_intro'))
        yield '</p>\n<div class="scroll">\n<table data-kv>\n<caption class="sr">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.kv_caption'))
        yield '</caption>\n<thead><tr><th scope="col">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.dtype'))
        yield '</th><th scope="col" class="n">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.column_kv_token'))
        yield '</th></tr></thead>\n<tbody>\n'
        for l_1_k in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'kv'):
            _loop_vars = {}
            pass
            yield '<tr><td>'
            yield escape(environment.getattr(l_1_k, 'dtype'))
            yield '</td><td class="n">'
            yield escape(environment.getattr(l_1_k, 'bytes'))
            yield '</td></tr>\n'
        l_1_k = missing
        yield '</tbody>\n</table>\n</div>\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'running'):
        pass
        l_0_r = environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'running')
        context.vars['r'] = l_0_r
        context.exported_vars.add('r')
        yield '<div id="running" data-running>\n<h3>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.running_heading'))
        yield '</h3>\n'
        if environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'refused'):
            pass
            yield '<p>'
            yield escape(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'refused'))
            yield '</p>'
        else:
            pass
            yield '<p>'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.running_intro', memory=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'symparam memory'), flops=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'symparam flops')))
            yield '</p>\n<div class="run-inputs">\n'
            if environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'has_seq'):
                pass
                yield '<label>'
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.input_seq'))
                yield ' <input type="text" inputmode="numeric" autocomplete="off" spellcheck="false" size="10" data-name="s" data-run value="'
                yield escape(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'seq'))
                yield '"></label>'
            yield '<label>'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.input_batch'))
            yield ' <input type="text" inputmode="numeric" autocomplete="off" spellcheck="false" size="6" data-name="B" data-run value="'
            yield escape(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'batch'))
            yield '"></label>\n'
            for l_1_i in environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'images'):
                _loop_vars = {}
                pass
                yield '<label>'
                yield escape(environment.getattr(l_1_i, 'meaning'))
                yield ' '
                yield escape(environment.getattr(l_1_i, 'symbol'))
                yield ' <input type="text" inputmode="numeric" autocomplete="off" spellcheck="false" size="10" data-name="'
                yield escape(environment.getattr(l_1_i, 'name'))
                yield '" data-run value="'
                yield escape(environment.getattr(l_1_i, 'start'))
                yield '"></label>\n'
            l_1_i = missing
            yield '<label>'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.dtype'))
            yield ' <select data-dtype-select>'
            for l_1_d in environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'dtypes'):
                _loop_vars = {}
                pass
                yield '<option value="'
                yield escape(l_1_d)
                yield '"'
                if (l_1_d == environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'dtype')):
                    pass
                    yield ' selected'
                yield '>'
                yield escape(l_1_d)
                yield '</option>'
            l_1_d = missing
            yield '</select></label>\n</div>\n'
            if environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'images_start'):
                pass
                yield '<p>'
                yield escape(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'images_start'))
                yield '</p>'
            yield '<div class="scroll">\n<table data-run-memory>\n<caption class="sr">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.running_memory'))
            yield '</caption>\n<thead><tr><th scope="col">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.running_memory'))
            yield '</th><th scope="col" class="n">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.bytes'))
            yield '</th></tr></thead>\n<tbody>\n'
            if environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'kv'):
                pass
                yield '<tr><td>'
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.run_kv'))
                yield '</td><td class="n" data-figure="kv">'
                yield escape(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'kv'))
                yield '</td></tr>'
            if environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'state'):
                pass
                yield '<tr><td>'
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.run_state'))
                yield '</td><td class="n" data-figure="state">'
                yield escape(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'state'))
                yield '</td></tr>'
            for l_1_a in environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'activations'):
                _loop_vars = {}
                pass
                yield '<tr><td>'
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), markup_join(('page.run_activations_', environment.getattr(l_1_a, 'name'), )), _loop_vars=_loop_vars))
                yield '</td><td class="n" data-figure="activations-'
                yield escape(environment.getattr(l_1_a, 'name'))
                yield '">'
                yield escape(environment.getattr(l_1_a, 'figure'))
                yield '</td></tr>'
            l_1_a = missing
            yield '</tbody>\n</table>\n</div>\n'
            if ((not environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'kv')) and (not environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'state'))):
                pass
                yield '<p>'
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.run_no_cache'))
                yield '</p>'
            if environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'activations_refused'):
                pass
                yield '<p>'
                yield escape(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'activations_refused'))
                yield '</p>'
            if environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'flops'):
                pass
                yield '<div class="scroll">\n<table data-run-flops>\n<caption class="sr">'
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.running_flops'))
                yield '</caption>\n<thead><tr><th scope="col">'
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.running_flops'))
                yield '</th><th scope="col" class="n">'
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.column_flops'))
                yield '</th></tr></thead>\n<tbody>\n'
                for l_1_f in environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'flops'):
                    _loop_vars = {}
                    pass
                    yield '<tr><td>'
                    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), markup_join(('page.run_flops_', environment.getattr(l_1_f, 'name'), )), _loop_vars=_loop_vars))
                    yield '</td><td class="n" data-figure="flops-'
                    yield escape(environment.getattr(l_1_f, 'name'))
                    yield '">'
                    yield escape(environment.getattr(l_1_f, 'value'))
                    yield '</td></tr>'
                l_1_f = missing
                yield '</tbody>\n</table>\n</div>\n'
            if environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'decode_refused'):
                pass
                yield '<p>'
                yield escape(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'decode_refused'))
                yield '</p>'
            if environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'flops_refused'):
                pass
                yield '<p>'
                yield escape(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'flops_refused'))
                yield '</p>'
        yield '</div>\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'gpus'):
        pass
        l_0_g = environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'gpus')
        context.vars['g'] = l_0_g
        context.exported_vars.add('g')
        yield '<div id="per-gpu">\n<h3>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.per_gpu'))
        yield '</h3>\n<p>'
        yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'said'))
        yield '</p>\n<p data-changed hidden>'
        yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'changed'))
        yield '</p>\n<div data-defaults>\n<p>'
        yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'intro'))
        yield '</p>\n<p>'
        yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'held'))
        yield '</p>\n<div class="scroll">\n<table data-gpu>\n<caption class="sr">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.per_gpu'))
        yield '</caption>\n<thead><tr><th scope="col">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.part'))
        yield '</th><th scope="col">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.formula'))
        yield '</th><th scope="col" class="n">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.bytes'))
        yield '</th><th scope="col" class="n">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.binary'))
        yield '</th></tr></thead>\n<tbody>\n'
        for l_1_p in environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'parts'):
            _loop_vars = {}
            pass
            yield '<tr><td>'
            yield escape(environment.getattr(l_1_p, 'name'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_p, 'formula'))
            yield '</td><td class="n">'
            yield escape(environment.getattr(l_1_p, 'bytes'))
            yield '</td><td class="n">'
            yield escape(environment.getattr(l_1_p, 'gib'))
            yield '</td></tr>\n'
        l_1_p = missing
        yield '<tr><th scope="row">'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.gpu_total'))
        yield '</th><td></td><td class="n" data-gpu-total>'
        yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'total'))
        yield '</td><td class="n">'
        yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'total_gib'))
        yield '</td></tr>\n</tbody>\n</table>\n</div>\n'
        if environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'activations'):
            pass
            yield '<p>'
            yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'activations'))
            yield '</p>'
        if environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'fits'):
            pass
            yield '<p>'
            yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'fits'))
            yield '</p>'
        for l_1_note in environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'notes'):
            _loop_vars = {}
            pass
            yield '<p>'
            yield escape(l_1_note)
            yield '</p>\n'
        l_1_note = missing
        if environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'traffic'):
            pass
            yield '<p>'
            yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'traffic_intro'))
            yield '</p>\n<div class="scroll">\n<table data-gpu-traffic>\n<caption class="sr">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.gpu_traffic'))
            yield '</caption>\n<thead><tr><th scope="col">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.gpu_traffic'))
            yield '</th><th scope="col">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.formula'))
            yield '</th><th scope="col" class="n">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.gpu_element_bytes'))
            yield '</th><th scope="col" class="n">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.bytes'))
            yield '</th><th scope="col" class="n">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'columns.binary'))
            yield '</th></tr></thead>\n<tbody>\n'
            for l_1_r in environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'traffic'):
                _loop_vars = {}
                pass
                yield '<tr><td>'
                yield escape(environment.getattr(l_1_r, 'name'))
                yield '</td><td>'
                yield escape(environment.getattr(l_1_r, 'formula'))
                yield '</td><td class="n">'
                yield escape(environment.getattr(l_1_r, 'size'))
                yield '</td><td class="n">'
                yield escape(environment.getattr(l_1_r, 'bytes'))
                yield '</td><td class="n">'
                yield escape(environment.getattr(l_1_r, 'gib'))
                yield '</td></tr>\n'
            l_1_r = missing
            yield '</tbody>\n</table>\n</div>\n'
        if environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'traffic_refused'):
            pass
            yield '<p>'
            yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'traffic_refused'))
            yield '</p>'
        if environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'bubble'):
            pass
            yield '<p>'
            yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'bubble'))
            yield '</p>'
        yield '<p>'
        yield escape(environment.getattr((undefined(name='g') if l_0_g is missing else l_0_g), 'rules'))
        yield '</p>\n</div>\n</div>\n'
    yield '</section>\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'):
        pass
        yield '<section id="reported">\n<h2>7. '
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'headings.reported'))
        yield '</h2>\n<div data-defaults>\n<p>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.reported', params=environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'params'), source=environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'source'), percent=environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'percent'), side=environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'side')))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'recount'):
            pass
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.reported_recount', changes=environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'recount'), 'changes'), actual=environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'recount'), 'actual'), why=environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'recount'), 'why'), value=environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'recount'), 'value')))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'has_note'):
            pass
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.reported_note', note=environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'note')))
        yield '</p>\n'
        if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'closest'):
            pass
            yield '<p>'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'text.closest', architecture=environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'closest'), 'architecture'), value=environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'closest'), 'value'), percent=environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'closest'), 'percent'), side=environment.getattr(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'reported'), 'closest'), 'side')))
            yield '</p>\n'
        yield '</div>\n<p data-changed hidden>'
        yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.changed'))
        yield '</p>\n</section>\n'
    yield '</main>\n<footer>\n<p>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.footer'))
    yield ' <span class="version">symparam '
    yield escape((undefined(name='version') if l_0_version is missing else l_0_version))
    yield '</span></p>\n</footer>\n<script>'
    yield escape((undefined(name='script') if l_0_script is missing else l_0_script))
    yield '</script>\n</body>\n</html>\n'

blocks = {}
debug_info = '4=24&7=26&10=28&11=30&12=32&16=34&17=36&18=40&21=50&22=52&23=54&24=57&26=60&27=67&28=70&30=72&31=75&36=78&39=80&40=82&42=91&44=95&45=99&46=103&47=106&49=111&51=120&58=129&59=133&60=136&61=140&62=143&66=148&67=150&68=152&69=154&70=158&74=171&76=175&78=178&79=180&81=183&85=199&86=201&88=210&89=214&94=226&95=229&97=231&98=235&102=245&103=248&104=250&105=252&110=256&111=258&112=260&113=266&114=268&115=270&116=272&117=275&118=277&119=279&121=281&122=284&124=286&125=290&129=296&130=299&132=301&133=305&139=312&140=314&141=316&143=319&144=323&148=336&152=339&153=342&154=346&155=356&156=359&160=362&161=372&163=382&164=386&165=397&170=412&171=414&172=416&173=419&174=421&179=425&180=428&182=432&184=441&188=444&189=446&192=448&193=450&195=460&196=464&201=476&204=478&205=480&207=488&208=492&213=502&214=505&217=507&218=509&220=513&221=517&227=523&229=529&230=531&231=539&233=541&234=549&235=553&236=567&238=583&241=589&242=591&244=595&245=602&246=609&250=621&251=626&252=631&255=634&256=636&258=640&263=652&264=657&268=663&270=669&271=671&272=673&274=675&275=677&278=679&279=681&281=689&282=703&286=709&287=714&288=719&290=726&291=729&294=731&295=733&297=743&302=759&303=764&304=770&309=773&311=776&313=778&314=780&316=784&317=788&318=791&321=794&326=797&328=801'
